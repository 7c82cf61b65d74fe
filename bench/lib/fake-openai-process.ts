/**
 * Child process of bench/runtime.ts: the fake OpenAI-compatible server (server/test/fake-openai.ts)
 * in its own process, so its event loop does not share the load generator's. It answers at once
 * (a zero-latency provider) and times every request it serves, from the request's arrival to the
 * end of its response, through Node's HTTP diagnostics channels.
 * Prints `{"url":...}` once listening; on the IPC message 'stats' it replies with the durations
 * recorded since the last 'stats' and starts again. Exits on SIGTERM or when the parent goes away.
 *
 *   (spawned with an IPC channel by bench/lib/fake-openai-client.ts)
 */
import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startFakeOpenAI } from '../../server/test/fake-openai';

interface Timed {
  path: string;
  ms: number;
}

const started = new WeakMap<IncomingMessage, number>();
let timed: Timed[] = [];
subscribe('http.server.request.start', (message) => {
  started.set((message as { request: IncomingMessage }).request, performance.now());
});
subscribe('http.server.response.finish', (message) => {
  const { request } = message as { request: IncomingMessage; response: ServerResponse };
  const t0 = started.get(request);
  if (t0 !== undefined)
    timed.push({ path: (request.url ?? '').split('?')[0]!, ms: performance.now() - t0 });
});

const fake = await startFakeOpenAI();
fake.answer = () => ({
  text: 'Claro! Abrimos de segunda a sábado, das 6h às 20h, e aos domingos até as 13h.',
});
// The fake keeps every request for the tests to read; a benchmark would grow it without bound.
const forget = setInterval(() => {
  fake.chatRequests.length = 0;
  fake.requests.length = 0;
}, 1000);

process.on('message', (message) => {
  if (message !== 'stats') return;
  process.send?.({ timed });
  timed = [];
});
const stop = () => {
  clearInterval(forget);
  void fake.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('disconnect', stop);
console.log(JSON.stringify({ url: fake.url }));
