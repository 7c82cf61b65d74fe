/**
 * The baselines for bench/http.ts: a bare Fastify with one route, in its own process so it has its
 * own event loop like the real server. With `--session` the route sits behind @fastify/cookie and
 * @fastify/session (memory store, as configured in the app: not rolling, nothing saved unless
 * changed) and GET /login signs in: what any route behind that session library costs at least.
 * Prints `{"port":N}` once listening; exits on SIGTERM.
 */
import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import Fastify from 'fastify';

const app = Fastify();
if (process.argv.includes('--session')) {
  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    secret: 'hello-world-session-secret-0123456789abcdef',
    cookieName: 'sid',
    saveUninitialized: false,
    rolling: false,
    cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', path: '/', maxAge: 86_400_000 },
  });
  app.get('/login', async (request) => {
    request.session.set('userId', 1);
    return { signedIn: true };
  });
}
app.get('/', async () => ({ hello: 'world' }));

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));

process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
