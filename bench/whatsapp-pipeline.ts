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
 *
 * Each part runs for each line of the WhatsApp channel (BENCH_WHATSAPP_LINES, default
 * `evolution,cloud`), on servers of their own, in the same run:
 * - evolution: the QR-code line, the fake Evolution gateway above, POST /api/whatsapp/webhook
 *   with the instance's webhook secret;
 * - cloud: the WhatsApp Business (Cloud API) line against the fake Graph API in its own process
 *   (bench/lib/fake-graph-process.ts, one tenant per agent); the owner is subscribed to 'multi'
 *   through the test checkout and connects the number by the manual route (POST
 *   /api/agents/{id}/whatsapp/cloud with the WABA id, phone number id and token); the bench posts
 *   Meta's message webhook itself to POST /api/whatsapp/cloud/webhook, signed
 *   (X-Hub-Signature-256, HMAC of the raw body with META_APP_SECRET), at the same rate and from
 *   the same contacts; a reply counts when it reaches the fake's sends. The fake then posts the
 *   sent / delivered / read statuses of every reply back to the webhook, 20 ms apart, as Meta does
 *   (3 more webhooks per reply the server stores and applies); the Evolution fake sends none.
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
import {
  signedInbound,
  startFakeGraphProcess,
  type FakeGraphProcess,
} from './lib/fake-graph-client';
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
const CLOUD_WEBHOOK = '/api/whatsapp/cloud/webhook';
const META_APP_SECRET = 'meta-app-secret-whatsapp-bench-0123456789';
type LineName = 'evolution' | 'cloud';
const LINES = (process.env.BENCH_WHATSAPP_LINES ?? 'evolution,cloud')
  .split(',')
  .map((l) => l.trim())
  .filter((l): l is LineName => l === 'evolution' || l === 'cloud');
/** a request not answered in this time counts as an error (keeps an overloaded run bounded) */
const CLIENT_TIMEOUT_MS = 10_000;
/** the end-to-end count stops here: what is answered by then is what is reported */
const E2E_LIMIT_MS = 60_000;

interface AckRow {
  line: string;
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
    line: target.includes('/cloud/') ? 'cloud' : target.startsWith('POST') ? 'evolution' : '',
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

/** The sends as a fake line records them: per recipient (digits), its first and latest send. */
interface Sink {
  stats(): Promise<{ firstSendAt: Record<string, number>; lastSendAt: Record<string, number> }>;
}

/** A fake line in its own process: the app's env to reach it, what it records. */
type FakeLine = Sink & { env: Record<string, string>; stop(): Promise<void> } & (
    { name: 'evolution'; gateway: FakeGatewayProcess } | { name: 'cloud'; graph: FakeGraphProcess }
  );

interface Owner {
  /** one customer's text message, as the line's webhook receives it */
  deliver(number: string, id: string): Promise<Response>;
  /** before customers write: the Cloud fake opens their 24-hour windows (Meta would) */
  prepare(numbers: string[]): Promise<void>;
}

async function startFakeLine(name: LineName): Promise<FakeLine> {
  if (name === 'evolution') {
    const gateway = await startFakeGatewayProcess();
    return {
      name,
      gateway,
      env: { EVOLUTION_API_URL: gateway.url, EVOLUTION_API_KEY: 'global-key' },
      stats: () => gateway.stats(),
      stop: () => gateway.stop(),
    };
  }
  const graph = await startFakeGraphProcess(META_APP_SECRET);
  return {
    name,
    graph,
    env: {
      META_APP_ID: '1234567890',
      META_APP_SECRET,
      META_CONFIG_ID: '987654321',
      META_VERIFY_TOKEN: 'verify-token-whatsapp-bench',
      GRAPH_API_URL: graph.url,
    },
    stats: () => graph.stats(),
    stop: () => graph.stop(),
  };
}

/** Owner, subscription, agent, instance (through the API, against the fake gateway), debounce 0. */
async function setUpEvolution(app: RunningApp, gateway: FakeGatewayProcess): Promise<Owner> {
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
  return {
    deliver: (number, id) => post(delivery(instance, number, id)),
    prepare: async () => {},
  };
}

/**
 * Owner subscribed to Multi, agent, a tenant of its own in the fake Graph connected by the manual
 * route, debounce 0; the fake's status webhooks go to this server.
 */
async function setUpCloud(app: RunningApp, graph: FakeGraphProcess): Promise<Owner> {
  const origin = app.origin;
  const owner = await newOwner(origin, `wc${Date.now().toString(36)}`, { planId: 'multi' });
  const agentId = await createAgent(owner);
  const tenant = await graph.addTenant();
  await owner.call('POST', `/api/agents/${agentId}/whatsapp/cloud`, {
    wabaId: tenant.wabaId,
    phoneNumberId: tenant.phoneNumberId,
    accessToken: tenant.token,
  });
  await owner.call('PUT', `/api/agents/${agentId}/whatsapp/settings`, { debounceMs: 0 });
  await graph.setWebhookUrl(`${origin}${CLOUD_WEBHOOK}`);
  return {
    deliver: (number, id) => {
      const { body, signature } = signedInbound(META_APP_SECRET, tenant, {
        from: number,
        id: `wamid.${id}`,
        text: 'Qual o horário de vocês?',
        name: 'Cliente',
      });
      return fetch(`${origin}${CLOUD_WEBHOOK}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
        body,
        signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
      });
    },
    prepare: (numbers) => graph.openWindow(tenant.phoneNumberId, numbers),
  };
}

function setUp(app: RunningApp, line: FakeLine): Promise<Owner> {
  return line.name === 'evolution'
    ? setUpEvolution(app, line.gateway)
    : setUpCloud(app, line.graph);
}

/**
 * The acknowledged backlog is worked off when every contact of the acknowledgement phase has had
 * a reply sent after its last delivery was acknowledged (a turn answers all that is waiting) and
 * no send followed for a second. Seconds from the last acknowledgement, or null past `limitMs`.
 */
async function drain(sink: Sink, numbers: string[], lastAckAt: number) {
  const limitMs = 180_000;
  for (;;) {
    const { lastSendAt } = await sink.stats();
    const last = Math.max(...numbers.map((n) => lastSendAt[n] ?? 0));
    const all = numbers.every((n) => (lastSendAt[n] ?? 0) > lastAckAt);
    if (all && Date.now() - last > 1000) return round((last - lastAckAt) / 1000, 1);
    if (Date.now() - lastAckAt > limitMs) return null;
    await sleep(250);
  }
}

/** Status webhooks the Cloud fake has posted back so far (settled, and those not answered 200). */
async function statusWebhooks(line: FakeLine) {
  if (line.name !== 'cloud') return null;
  const s = await line.graph.stats();
  return { settled: s.statusWebhooks, not200: s.statusWebhooksNot200 };
}

/**
 * BURST messages from BURST new contacts, BURST_STEP at a time; answered/s end to end, and the
 * server processes' CPU time per answered message (all their threads; less sensitive to other
 * load on the machine than the rate).
 */
async function endToEnd(
  label: string,
  owner: Owner,
  line: FakeLine,
  prefix: number,
  serverPids: number[],
) {
  const numbers = Array.from({ length: BURST }, (_, i) => phone(prefix, i));
  await owner.prepare(numbers);
  const serverCpu = () => serverPids.reduce((sum, pid) => sum + (cpuMs(pid) ?? 0), 0);
  const statusesBefore = await statusWebhooks(line);
  const cpuBefore = serverCpu();
  const t0 = Date.now();
  let errors = 0;
  for (let i = 0; i < BURST; i += BURST_STEP) {
    const statuses = await Promise.all(
      numbers.slice(i, i + BURST_STEP).map(async (number) => {
        try {
          const res = await owner.deliver(number, `E2E-${prefix}-${number}`);
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
    const { firstSendAt } = await line.stats();
    answered = numbers.map((n) => firstSendAt[n]).filter((t): t is number => t !== undefined);
    if (answered.length === BURST) break;
    await sleep(100);
  }
  const seconds = (Math.max(...answered, t0) - t0) / 1000;
  const cpuMsPerMessage = answered.length > 0 ? (serverCpu() - cpuBefore) / answered.length : 0;
  const statusesAfter = await statusWebhooks(line);
  const row = {
    line: line.name,
    case: label,
    messages: BURST,
    answered: answered.length,
    postedInS: round(postedS, 2),
    seconds: round(seconds, 2),
    answeredPerSec: round(answered.length / seconds, 1),
    serverCpuMsPerMessage: round(cpuMsPerMessage, 2),
    webhookErrors: errors,
    /** status webhooks (sent / delivered / read) the server took meanwhile; Evolution: none */
    statusWebhooks:
      statusesBefore && statusesAfter ? statusesAfter.settled - statusesBefore.settled : '-',
  };
  console.log(
    `${line.name}, ${label}: ${row.answered}/${BURST} answered in ${row.seconds} s = ` +
      `${row.answeredPerSec}/s (posted in ${row.postedInS} s), server CPU ` +
      `${row.serverCpuMsPerMessage} ms/message` +
      (row.statusWebhooks === '-' ? '' : `, ${row.statusWebhooks} status webhooks meanwhile`),
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
  line: FakeLine,
  work: (app: RunningApp, owner: Owner) => Promise<T>,
): Promise<T> {
  const dir = tempDir('whatsapp');
  const app = await startApp({ ...EMBEDDED_ENV, DATA_DIR: dir, ...line.env });
  discardOutput(app.server);
  try {
    return await work(app, await setUp(app, line));
  } finally {
    await app.stop();
    removeDir(dir);
  }
}

const WEBHOOK_TARGET: Record<LineName, string> = {
  evolution: `POST ${WEBHOOK}`,
  cloud: `POST ${CLOUD_WEBHOOK}`,
};

/**
 * For one line: acknowledgements (with the pipeline working off what they store meanwhile), then,
 * on a new server so that backlog does not count against it, the end-to-end rate.
 */
async function embeddedLine(name: LineName, ack: AckRow[]) {
  const line = await startFakeLine(name);
  try {
    let drainedInS: number | null = null;
    if (process.env.BENCH_WHATSAPP_E2E_ONLY !== '1') {
      drainedInS = await withEmbeddedServer(line, async (_app, owner) => {
        const numbers = Array.from({ length: 50 }, (_, i) => phone(1, i));
        await owner.prepare(numbers);
        const contact = (i: number) => numbers[i % numbers.length]!;
        const target = WEBHOOK_TARGET[name];
        const statusesBefore = await statusWebhooks(line);
        ack.push(await fixedRate(target, (i) => owner.deliver(contact(i), `ACK-${i}`)));
        ack.push(await closedLoop(target, (i) => owner.deliver(contact(i), `MAX-${i}`)));
        const drained = await drain(line, numbers, Date.now());
        const stored = ack.slice(-2).reduce((n, r) => n + r.requests - r.errors, 0);
        const statusesAfter = await statusWebhooks(line);
        console.log(
          `${name}: the ${stored} acknowledged deliveries (50 contacts) were worked off ` +
            `${drained ?? '> 180'} s after the last one` +
            (statusesBefore && statusesAfter
              ? ` (and ${statusesAfter.settled - statusesBefore.settled} status webhooks, ` +
                `${statusesAfter.not200 - statusesBefore.not200} not answered 200)`
              : ''),
        );
        return drained;
      });
    }
    const e2e = await withEmbeddedServer(line, (app, owner) =>
      endToEnd('embedded (PGlite), one process', owner, line, 2, [app.server.child.pid!]),
    );
    return { drainedInS, e2e };
  } finally {
    await line.stop();
  }
}

async function embedded() {
  const ack: AckRow[] = [];
  const hello = await startHelloWorld();
  try {
    ack.push(await fixedRate('hello-world (Fastify)', () => fetch(hello.url)));
    ack.push(await closedLoop('hello-world (Fastify)', () => fetch(hello.url)));
  } finally {
    await hello.stop();
  }
  const drainedInS: Partial<Record<LineName, number | null>> = {};
  const e2e = [];
  for (const name of LINES) {
    const result = await embeddedLine(name, ack);
    drainedInS[name] = result.drainedInS;
    e2e.push(result.e2e);
  }
  return { ack, drainedInS, e2e };
}

async function postgres(name: LineName) {
  const database = await createBenchDatabase();
  if (!database) return null;
  const line = await startFakeLine(name);
  const env = {
    DATABASE_URL: database.url,
    APP_SECRET,
    ...line.env,
    WHATSAPP_TYPING_DELAY_MS: '0',
    WHATSAPP_RETRY_DELAY_SECONDS: '0',
  };
  const apps: RunningApp[] = [];
  try {
    const web = await startWebAndWorkers(env, 2, apps);
    const owner = await setUp(web, line);
    return await endToEnd(
      'PostgreSQL, 1 web + 2 worker processes',
      owner,
      line,
      3,
      apps.map((app) => app.server.child.pid!),
    );
  } finally {
    for (const app of apps.reverse()) await app.stop();
    await line.stop();
    await database.drop();
  }
}

async function main() {
  const started = performance.now();
  console.log(`lines: ${LINES.join(', ')}`);
  const { ack, drainedInS, e2e } = await embedded();
  const pg = [];
  if (process.env.BENCH_WHATSAPP_E2E_ONLY !== '1') {
    for (const name of LINES) {
      const row = await postgres(name);
      if (row) pg.push(row);
    }
  }
  console.log('\nacknowledgement (client-side latency)');
  printTable(ack.map((r) => ({ ...r })));
  if (process.env.BENCH_WHATSAPP_E2E_ONLY !== '1')
    console.log(
      '\nbacklog of the acknowledgement phase worked off, s after the last delivery: ' +
        LINES.map((l) => `${l} ${drainedInS[l] ?? '> 180'}`).join(', '),
    );
  console.log('\nend to end (offline model, fake gateway / fake Graph API, debounce 0)');
  const endToEndRows = [...e2e, ...pg];
  printTable(endToEndRows.map((r) => ({ ...r })));
  const ackFixed = (line: LineName) => ack.find((r) => r.line === line && r.mode.endsWith('req/s'));
  const ackTarget = (line: LineName) => {
    const row = ackFixed(line);
    return row ? row.p99Ms < 25 && row.errors === 0 : null;
  };
  const answeredTarget = (line: LineName) => {
    const row = e2e.find((r) => r.line === line);
    return row ? row.answeredPerSec >= 100 : null;
  };
  const targets = {
    ackP99Under25MsAt200: ackTarget('evolution'),
    answeredAtLeast100PerSecEmbedded: answeredTarget('evolution'),
    cloudAckP99Under25MsAt200: ackTarget('cloud'),
    cloudAnsweredAtLeast100PerSecEmbedded: answeredTarget('cloud'),
  };
  console.log('targets:', targets);
  // BENCH_RESULT_SUFFIX=-before (with BENCH_SERVER_BUNDLE at an older build) keeps the figures apart
  const file = await writeResult(`whatsapp-pipeline${process.env.BENCH_RESULT_SUFFIX ?? ''}`, {
    bundle: process.env.BENCH_SERVER_BUNDLE ?? 'dist/server/main.js',
    lines: LINES,
    rate: RATE,
    fixedRateS: FIXED_S,
    maxConnections: MAX_CONNECTIONS,
    maxS: MAX_S,
    burst: BURST,
    ack,
    ackBacklogDrainedInS: drainedInS.evolution ?? null,
    ackBacklogDrainedInSByLine: drainedInS,
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
