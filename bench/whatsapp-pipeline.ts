/**
 * The WhatsApp pipeline with a zero-latency model (the offline model) and a zero-latency
 * fake gateway in its own process. The server is the bundle `npm start` runs, LOG_LEVEL=info,
 * WHATSAPP_TYPING_DELAY_MS=0, WHATSAPP_RETRY_DELAY_SECONDS=0, debounce 0 (PUT
 * /api/agents/{id}/whatsapp/settings); the owner is subscribed through the test checkout and the
 * instance is created through the API, so the webhook secret is the one the gateway was given.
 *
 *   node --import tsx bench/whatsapp-pipeline.ts
 *
 * 1. acknowledgement: POST /api/whatsapp/webhook at a fixed 200 req/s for 10 s (open loop: a
 *    request every 5 ms whatever the previous ones do), p50/p99, next to a Fastify hello-world at
 *    the same rate in the same run; then max throughput, closed loop, 32 connections, 3 s each.
 *    These deliveries come from 50 contacts, and the pipeline works them off meanwhile; the
 *    time it takes to finish after the last one is reported (every contact answered after its
 *    last delivery).
 * 2. end to end, embedded database, on a new server (the first one's backlog must not count):
 *    600 messages from 600 new contacts (BENCH_WHATSAPP_BURST) posted 50 at a time; answered/s =
 *    contacts whose reply reached the gateway ÷ seconds from the first post to the last reply,
 *    counted for at most 60 s; and the server's CPU time per answered message.
 * 3. the same on PostgreSQL (BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432, a
 *    throw-away database) with one ROLE=web and two ROLE=worker processes.
 * BENCH_WHATSAPP_E2E_ONLY=1 runs the embedded end to end alone.
 */
import {
  createAgent,
  newOwner,
  startApp,
  startHelloWorld,
  startWebAndWorkers,
  type RunningApp,
} from './lib/app-client';
import {
  cpuMs,
  discardOutput,
  percentile,
  printTable,
  removeDir,
  round,
  sleep,
  tempDir,
  writeResult,
} from './lib/common';
import { startFakeGatewayProcess, type FakeGatewayProcess } from './lib/fake-gateway-client';
import { createBenchDatabase } from './lib/postgres';

const RATE = 200;
const FIXED_S = 10;
const MAX_CONNECTIONS = 32;
const MAX_S = 3;
const BURST = Number(process.env.BENCH_WHATSAPP_BURST ?? 600);
const BURST_STEP = 50;
const APP_SECRET = 'whatsapp-bench-secret-0123456789abcdefghij';
const WEBHOOK = '/api/whatsapp/webhook';
const SECRET_HEADER = 'x-webhook-secret';
/** a request not answered in this time counts as an error (keeps an overloaded run bounded) */
const CLIENT_TIMEOUT_MS = 10_000;
/** the end-to-end count stops here: what is answered by then is what is reported */
const E2E_LIMIT_MS = 60_000;

interface AckRow {
  target: string;
  mode: string;
  requests: number;
  perSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

function ackRow(target: string, mode: string, ms: number[], errors: number, s: number): AckRow {
  const row = {
    target,
    mode,
    requests: ms.length,
    perSec: round(ms.length / s, 1),
    p50Ms: round(percentile(ms, 50), 1),
    p99Ms: round(percentile(ms, 99), 1),
    errors,
  };
  console.log(
    `${target}, ${mode}: ${row.perSec}/s, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, errors ${errors}`,
  );
  return row;
}

/** Open loop: request i is sent at start + i/RATE, whether or not the earlier ones answered. */
async function fixedRate(target: string, send: (i: number) => Promise<Response>) {
  const ms: number[] = [];
  let errors = 0;
  const started = performance.now();
  const inflight: Promise<void>[] = [];
  for (let i = 0; i < RATE * FIXED_S; i++) {
    const wait = started + (i * 1000) / RATE - performance.now();
    if (wait > 0) await sleep(wait);
    inflight.push(
      (async () => {
        const t0 = performance.now();
        try {
          const res = await send(i);
          await res.arrayBuffer();
          if (!res.ok) errors++;
        } catch {
          errors++;
        }
        ms.push(performance.now() - t0);
      })(),
    );
  }
  await Promise.all(inflight);
  return ackRow(target, `${RATE} req/s`, ms, errors, (performance.now() - started) / 1000);
}

async function closedLoop(target: string, send: (i: number) => Promise<Response>) {
  const ms: number[] = [];
  let errors = 0;
  let n = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: MAX_CONNECTIONS }, async () => {
      while (performance.now() - started < MAX_S * 1000) {
        const t0 = performance.now();
        try {
          const res = await send(n++);
          await res.arrayBuffer();
          if (!res.ok) errors++;
        } catch {
          errors++;
        }
        ms.push(performance.now() - t0);
      }
    }),
  );
  return ackRow(
    target,
    `max, ${MAX_CONNECTIONS} conn`,
    ms,
    errors,
    (performance.now() - started) / 1000,
  );
}

const phone = (prefix: number, i: number) => `55119${prefix}${String(i).padStart(7, '0')}`;

function delivery(instance: string, number: string, id: string) {
  return {
    event: 'messages.upsert',
    instance,
    data: {
      key: { remoteJid: `${number}@s.whatsapp.net`, fromMe: false, id },
      pushName: 'Cliente',
      message: { conversation: 'Qual o horário de vocês?' },
      messageType: 'conversation',
      messageTimestamp: Math.floor(Date.now() / 1000),
    },
  };
}

interface Owner {
  instance: string;
  secret: string;
  post(body: unknown): Promise<Response>;
}

/** Owner, subscription, agent, instance (through the API, against the fake gateway), debounce 0. */
async function setUp(app: RunningApp, gateway: FakeGatewayProcess): Promise<Owner> {
  const origin = app.origin;
  const owner = await newOwner(origin, `wa${Date.now().toString(36)}`);
  const agentId = await createAgent(owner);
  const created = await owner.call('POST', `/api/agents/${agentId}/whatsapp/create-instance`, {
    phoneNumber: '5511900001111',
  });
  const instance = created.instanceName as string;
  await owner.call('PUT', `/api/agents/${agentId}/whatsapp/settings`, { debounceMs: 0 });
  const secret = (await gateway.stats()).secret;
  if (!secret) throw new Error('the gateway never saw the webhook secret');
  const post = (body: unknown) =>
    fetch(`${origin}${WEBHOOK}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SECRET_HEADER]: secret },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
    });
  const open = await post({
    event: 'connection.update',
    instance,
    data: { instance, state: 'open', wuid: '5511900001111@s.whatsapp.net' },
  });
  if (!open.ok) throw new Error(`connection.update: ${open.status}`);
  return { instance, secret, post };
}

/**
 * The acknowledged backlog is worked off when every contact of the acknowledgement phase has had
 * a reply sent after its last delivery was acknowledged (a turn answers all that is waiting) and
 * no send followed for a second. Seconds from the last acknowledgement, or null past `limitMs`.
 */
async function drain(gateway: FakeGatewayProcess, numbers: string[], lastAckAt: number) {
  const limitMs = 180_000;
  for (;;) {
    const { lastSendAt } = await gateway.stats();
    const last = Math.max(...numbers.map((n) => lastSendAt[n] ?? 0));
    const all = numbers.every((n) => (lastSendAt[n] ?? 0) > lastAckAt);
    if (all && Date.now() - last > 1000) return round((last - lastAckAt) / 1000, 1);
    if (Date.now() - lastAckAt > limitMs) return null;
    await sleep(250);
  }
}

/**
 * BURST messages from BURST new contacts, BURST_STEP at a time; answered/s end to end, and the
 * server processes' CPU time per answered message (all their threads; less sensitive to other
 * load on the machine than the rate).
 */
async function endToEnd(
  label: string,
  owner: Owner,
  gateway: FakeGatewayProcess,
  prefix: number,
  serverPids: number[],
) {
  const numbers = Array.from({ length: BURST }, (_, i) => phone(prefix, i));
  const serverCpu = () => serverPids.reduce((sum, pid) => sum + (cpuMs(pid) ?? 0), 0);
  const cpuBefore = serverCpu();
  const t0 = Date.now();
  let errors = 0;
  for (let i = 0; i < BURST; i += BURST_STEP) {
    const statuses = await Promise.all(
      numbers.slice(i, i + BURST_STEP).map(async (number) => {
        try {
          const res = await owner.post(delivery(owner.instance, number, `E2E-${prefix}-${number}`));
          await res.arrayBuffer();
          return res.status;
        } catch {
          return 0;
        }
      }),
    );
    errors += statuses.filter((s) => s !== 200).length;
  }
  const postedS = (Date.now() - t0) / 1000;
  const deadline = Date.now() + E2E_LIMIT_MS;
  let answered: number[] = [];
  while (Date.now() < deadline) {
    const { firstSendAt } = await gateway.stats();
    answered = numbers.map((n) => firstSendAt[n]).filter((t): t is number => t !== undefined);
    if (answered.length === BURST) break;
    await sleep(100);
  }
  const seconds = (Math.max(...answered, t0) - t0) / 1000;
  const cpuMsPerMessage = answered.length > 0 ? (serverCpu() - cpuBefore) / answered.length : 0;
  const row = {
    case: label,
    messages: BURST,
    answered: answered.length,
    postedInS: round(postedS, 2),
    seconds: round(seconds, 2),
    answeredPerSec: round(answered.length / seconds, 1),
    serverCpuMsPerMessage: round(cpuMsPerMessage, 2),
    webhookErrors: errors,
  };
  console.log(
    `${label}: ${row.answered}/${BURST} answered in ${row.seconds} s = ${row.answeredPerSec}/s ` +
      `(posted in ${row.postedInS} s), server CPU ${row.serverCpuMsPerMessage} ms/message`,
  );
  return row;
}

const EMBEDDED_ENV = {
  APP_SECRET,
  WHATSAPP_TYPING_DELAY_MS: '0',
  WHATSAPP_RETRY_DELAY_SECONDS: '0',
};

/** A server on a new embedded database with its owner set up, run by `work`, then stopped. */
async function withEmbeddedServer<T>(
  gateway: FakeGatewayProcess,
  work: (app: RunningApp, owner: Owner) => Promise<T>,
): Promise<T> {
  const dir = tempDir('whatsapp');
  const app = await startApp({
    ...EMBEDDED_ENV,
    DATA_DIR: dir,
    EVOLUTION_API_URL: gateway.url,
    EVOLUTION_API_KEY: 'global-key',
  });
  discardOutput(app.server);
  try {
    return await work(app, await setUp(app, gateway));
  } finally {
    await app.stop();
    removeDir(dir);
  }
}

/**
 * Acknowledgements (with the pipeline working off what they store meanwhile), then, on a new
 * server so that backlog does not count against it, the end-to-end rate.
 */
async function embedded() {
  const ack: AckRow[] = [];
  const hello = await startHelloWorld();
  try {
    ack.push(await fixedRate('hello-world (Fastify)', () => fetch(hello.url)));
    ack.push(await closedLoop('hello-world (Fastify)', () => fetch(hello.url)));
  } finally {
    await hello.stop();
  }
  const gateway = await startFakeGatewayProcess();
  try {
    let drainedInS: number | null = null;
    if (process.env.BENCH_WHATSAPP_E2E_ONLY !== '1') {
      drainedInS = await withEmbeddedServer(gateway, async (_app, owner) => {
        const numbers = Array.from({ length: 50 }, (_, i) => phone(1, i));
        const contact = (i: number) => numbers[i % numbers.length]!;
        ack.push(
          await fixedRate('POST /api/whatsapp/webhook', (i) =>
            owner.post(delivery(owner.instance, contact(i), `ACK-${i}`)),
          ),
        );
        ack.push(
          await closedLoop('POST /api/whatsapp/webhook', (i) =>
            owner.post(delivery(owner.instance, contact(i), `MAX-${i}`)),
          ),
        );
        const drained = await drain(gateway, numbers, Date.now());
        const stored = ack.slice(-2).reduce((n, r) => n + r.requests - r.errors, 0);
        console.log(
          `the ${stored} acknowledged deliveries (50 contacts) were worked off ` +
            `${drained ?? '> 180'} s after the last one`,
        );
        return drained;
      });
    }
    const e2e = await withEmbeddedServer(gateway, (app, owner) =>
      endToEnd('embedded (PGlite), one process', owner, gateway, 2, [app.server.child.pid!]),
    );
    return { ack, drainedInS, e2e };
  } finally {
    await gateway.stop();
  }
}

async function postgres() {
  const database = await createBenchDatabase();
  if (!database) return null;
  const gateway = await startFakeGatewayProcess();
  const env = {
    DATABASE_URL: database.url,
    APP_SECRET,
    EVOLUTION_API_URL: gateway.url,
    EVOLUTION_API_KEY: 'global-key',
    WHATSAPP_TYPING_DELAY_MS: '0',
    WHATSAPP_RETRY_DELAY_SECONDS: '0',
  };
  const apps: RunningApp[] = [];
  try {
    const web = await startWebAndWorkers(env, 2, apps);
    const owner = await setUp(web, gateway);
    return await endToEnd(
      'PostgreSQL, 1 web + 2 worker processes',
      owner,
      gateway,
      3,
      apps.map((app) => app.server.child.pid!),
    );
  } finally {
    for (const app of apps.reverse()) await app.stop();
    await gateway.stop();
    await database.drop();
  }
}

async function main() {
  const started = performance.now();
  const { ack, drainedInS, e2e } = await embedded();
  const pg = process.env.BENCH_WHATSAPP_E2E_ONLY === '1' ? null : await postgres();
  console.log('\nacknowledgement (client-side latency)');
  printTable(ack.map((r) => ({ ...r })));
  console.log('\nend to end (offline model, fake gateway, debounce 0)');
  const endToEndRows = [e2e, ...(pg ? [pg] : [])];
  printTable(endToEndRows.map((r) => ({ ...r })));
  const webhookFixed = ack.find((r) => r.target.startsWith('POST') && r.mode.endsWith('req/s'));
  const targets = {
    ackP99Under25MsAt200: webhookFixed
      ? webhookFixed.p99Ms < 25 && webhookFixed.errors === 0
      : null,
    answeredAtLeast100PerSecEmbedded: e2e.answeredPerSec >= 100,
  };
  console.log('targets:', targets);
  // BENCH_RESULT_SUFFIX=-before (with BENCH_SERVER_BUNDLE at an older build) keeps the figures apart
  const file = await writeResult(`whatsapp-pipeline${process.env.BENCH_RESULT_SUFFIX ?? ''}`, {
    bundle: process.env.BENCH_SERVER_BUNDLE ?? 'dist/server/main.js',
    rate: RATE,
    fixedRateS: FIXED_S,
    maxConnections: MAX_CONNECTIONS,
    maxS: MAX_S,
    burst: BURST,
    ack,
    ackBacklogDrainedInS: drainedInS,
    endToEnd: endToEndRows,
    targets,
    wallS: round((performance.now() - started) / 1000, 1),
  });
  console.log(`wrote ${file} (${round((performance.now() - started) / 1000, 1)} s)`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
