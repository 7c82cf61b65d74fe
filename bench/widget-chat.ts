/**
 * The public widget chat's round trip with a zero-latency fake model (the fake OpenAI-compatible
 * server in its own process): POST /api/public/agents/{key}/chat as the widget sends it (text/plain
 * JSON from another origin, no cookie) next to the owner's POST /api/agents/{id}/test — the same
 * runtime — and a Fastify hello-world, all closed loops at 1 and 10 concurrent clients. The server
 * is the bundle `npm start` runs, embedded database, LOG_LEVEL=info.
 *
 *   node --import tsx bench/widget-chat.ts
 *
 * Every public request comes from its own client address and every visitor sends 8 messages, so
 * the per-visitor (10/min) and per-address (30/min) limits are never what is measured.
 */
import {
  nextClientIp,
  registerUser,
  startApp,
  startHelloWorld,
  subscribeSandbox,
} from './lib/app-client';
import {
  discardOutput,
  percentile,
  printTable,
  removeDir,
  round,
  tempDir,
  writeResult,
} from './lib/common';
import { startFakeOpenAIProcess } from './lib/fake-openai-client';

const DURATION_MS = 5000;
const LEVELS = [1, 10];
const HOST_ORIGIN = 'https://www.loja-exemplo.com.br';

interface Row {
  target: string;
  clients: number;
  requests: number;
  perSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

async function closedLoop(
  target: string,
  clients: number,
  send: (client: number, n: number) => Promise<Response>,
): Promise<Row> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let n = 0; performance.now() - started < DURATION_MS; n++) {
        const t0 = performance.now();
        const res = await send(client, n);
        await res.arrayBuffer();
        if (!res.ok) errors++;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const row = {
    target,
    clients,
    requests: latencies.length,
    perSec: round(latencies.length / seconds, 1),
    p50Ms: round(percentile(latencies, 50), 1),
    p99Ms: round(percentile(latencies, 99), 1),
    errors,
  };
  console.log(
    `${target}, ${clients} clients: ${row.perSec}/s, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms`,
  );
  return row;
}

/** a fresh visitor every 8 messages, never reused across levels (each has 10 messages a minute) */
const visitorOf = (level: number, client: number, n: number) =>
  `bench${level}c${client}v${Math.floor(n / 8)}`.padEnd(24, 'x');

async function main() {
  const rows: Row[] = [];
  const hello = await startHelloWorld();
  try {
    for (const clients of LEVELS) {
      rows.push(await closedLoop('hello-world (Fastify)', clients, () => fetch(hello.url)));
    }
  } finally {
    await hello.stop();
  }

  const fake = await startFakeOpenAIProcess();
  const dir = tempDir('widget-chat');
  const app = await startApp({ DATA_DIR: dir, OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'k' });
  discardOutput(app.server);
  try {
    const username = `wc${Date.now().toString(36)}`;
    const cookie = await registerUser(app.origin, username);
    await subscribeSandbox(app.origin, cookie, username);
    const created = await fetch(`${app.origin}/api/agents`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.origin, cookie },
      body: JSON.stringify({
        name: 'Padaria',
        systemPrompt: 'Você atende os clientes da padaria.',
        status: 'active',
      }),
    });
    const agent = (await created.json()) as { id: number };
    // The public API knows the agent by the key its snippet carries, not by its id.
    const codeRes = await fetch(`${app.origin}/api/agents/${agent.id}/webchat-code`, {
      headers: { cookie },
    });
    const { embedConfig } = (await codeRes.json()) as { embedConfig: { agentKey: string } };
    for (const clients of LEVELS) {
      rows.push(
        await closedLoop('public widget chat', clients, (client, n) =>
          fetch(`${app.origin}/api/public/agents/${embedConfig.agentKey}/chat`, {
            method: 'POST',
            headers: {
              'content-type': 'text/plain;charset=UTF-8',
              origin: HOST_ORIGIN,
              'x-forwarded-for': nextClientIp(),
            },
            body: JSON.stringify({
              visitorId: visitorOf(clients, client, n),
              message: 'Qual o horário?',
            }),
          }),
        ),
      );
      rows.push(
        await closedLoop('owner test chat (same runtime)', clients, () =>
          fetch(`${app.origin}/api/agents/${agent.id}/test`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: app.origin, cookie },
            body: JSON.stringify({ message: 'Qual o horário?' }),
          }),
        ),
      );
    }
  } finally {
    await app.stop();
    await fake.stop();
    removeDir(dir);
  }
  printTable(rows.map((r) => ({ ...r })));
  const file = await writeResult('widget-chat', { durationMs: DURATION_MS, rows });
  console.log(`written ${file}`);
}

await main();
