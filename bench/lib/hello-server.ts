/**
 * The baseline for bench/http.ts: a bare Fastify with one route, in its own process so it has its
 * own event loop like the real server. Prints `{"port":N}` once listening; exits on SIGTERM.
 */
import Fastify from 'fastify';

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));

process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
