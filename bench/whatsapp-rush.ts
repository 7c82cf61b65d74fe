/**
 * "WhatsApp at rush hour": N customers each send ONE question at the same moment; seconds from
 * the customer's message to the first and to the last part of the reply, p50/p95/max. The
 * default install: the built-in gateway simulator (no EVOLUTION_API_URL), the offline model (no
 * API key), the product's WHATSAPP_TYPING_DELAY_MS and the agent's default merge window
 * (debounce, read from GET /api/agents/{id}/whatsapp/settings). The server is the bundle
 * `npm start` runs, LOG_LEVEL=info; the agent has a small knowledge document, and the offline
 * answer is the one to three sentences of it that answer the question, in one part.
 *
 *   node --import tsx bench/whatsapp-rush.ts
 *
 * 1. embedded database (PGlite), one server per configuration: default pauses, then pauses off
 *    (WHATSAPP_TYPING_DELAY_MS=0); N = 1, 10, 30, 60 in turn, each N with new contacts.
 * 2. PostgreSQL (a throw-away database), one ROLE=web and two ROLE=worker processes, default
 *    pauses, N = 200.
 * 3. streamed replies on a new embedded server: 60 website-widget visitors at once
 *    (POST /api/public/agents/{key}/chat/stream) and 60 owners' test consoles at once
 *    (POST /api/agents/{id}/test/stream), each after a single one (N = 1) as the baseline; time
 *    to the first streamed chunk and to the end of the stream.
 *
 * A customer's message is the simulator's control call POST /simulator/evolution/_sim/{instance}/
 * messages (the simulator then delivers it to the app's webhook, as a gateway would); its clock
 * starts just before that call. A reply part "arrives" when the simulator has recorded it, which
 * is after its typing pause, whether the send itself was held for it (its `delay`) or the pause
 * was shown as a presence before the send (scheduled pauses): the bench polls
 * GET /_sim/{instance}/messages every BENCH_RUSH_POLL_MS (100), so a time is late by at most
 * that and one poll's round trip. A run ends once every contact has a reply and no part has
 * arrived for the typing pause + 5 s.
 *
 * Goals (the issue): first part p95 ≤ merge window + 3 s; last part ≤ merge window + that reply's
 * own typing time (the sum of its parts' pauses) + 3 s, checked at p95 of each reply's excess.
 *
 * The WhatsApp cases (1 and 2) run for each line of the channel (BENCH_WHATSAPP_LINES, default
 * `evolution,cloud`), on servers of their own, in the same run. `evolution` is the above. `cloud`
 * is the WhatsApp Business (Cloud API) line: the server gets a Meta app (META_*) and
 * GRAPH_API_URL at the fake Graph API in its own process (bench/lib/fake-graph-process.ts), so
 * the fake's work is not the server's, unlike the built-in Evolution simulator's; the owner is
 * subscribed to 'multi' through the test checkout and connects a tenant of the fake by the manual
 * route. A customer's message is Meta's message webhook, signed, posted by the bench to POST
 * /api/whatsapp/cloud/webhook (its clock starts just before); a part "arrives" when the bench,
 * polling the fake's sends every BENCH_RUSH_POLL_MS, first sees it: the same lateness as above.
 * The fake posts sent / delivered / read statuses for every part back, 20 ms apart, as Meta does.
 *
 * Settings: BENCH_RUSH_N (1,10,30,60), BENCH_RUSH_PAUSES (default,off), BENCH_RUSH_PG (1; 0 skips
 * PostgreSQL), BENCH_RUSH_PG_N (200), BENCH_RUSH_STREAM (1; 0 skips the streamed replies),
 * BENCH_RUSH_STREAM_N (60), BENCH_RUSH_POLL_MS (100), BENCH_WHATSAPP_LINES (evolution,cloud),
 * BENCH_POSTGRES_URL.
 */
import { loadConfig } from '../server/config';
import { simulatorApiKey } from '../server/adapters/gateway/gateway-client';
import { firstPartDueAt, typingPauseMs } from '../server/modules/whatsapp';
import {
  createAgent,
  newOwner,
  nextClientIp,
  startApp,
  startWebAndWorkers,
  type OwnerSession,
  type RunningApp,
} from './lib/app-client';
import {
  discardOutput,
  percentile,
  printTable,
  removeDir,
  round,
  sleep,
  tempDir,
  writeResult,
} from './lib/common';
import {
  signedInbound,
  startFakeGraphProcess,
  type FakeGraphProcess,
} from './lib/fake-graph-client';
import { createBenchDatabase } from './lib/postgres';
import { timedStream, type StreamTiming } from './lib/sse-client';

const list = (value: string | undefined, fallback: string) =>
  (value ?? fallback)
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
const LEVELS = list(process.env.BENCH_RUSH_N, '1,10,30,60').map(Number);
const PAUSES = list(process.env.BENCH_RUSH_PAUSES, 'default,off');
const RUN_PG = process.env.BENCH_RUSH_PG !== '0';
const PG_LEVEL = Number(process.env.BENCH_RUSH_PG_N ?? 200);
const RUN_STREAM = process.env.BENCH_RUSH_STREAM !== '0';
const STREAM_LEVEL = Number(process.env.BENCH_RUSH_STREAM_N ?? 60);
const POLL_MS = Number(process.env.BENCH_RUSH_POLL_MS ?? 100);
type LineName = 'evolution' | 'cloud';
const LINES = list(process.env.BENCH_WHATSAPP_LINES, 'evolution,cloud').filter(
  (l): l is LineName => l === 'evolution' || l === 'cloud',
);

const APP_SECRET = 'whatsapp-rush-bench-secret-0123456789abcdef';
const SIM = '/simulator/evolution/_sim';
const SIM_HEADERS = { apikey: simulatorApiKey(APP_SECRET), 'content-type': 'application/json' };
const QUESTION = 'Qual é o horário de funcionamento de vocês?';
const HOST_ORIGIN = 'https://www.padaria-exemplo.com.br';
const CLOUD_WEBHOOK = '/api/whatsapp/cloud/webhook';
const META_APP_SECRET = 'meta-app-secret-whatsapp-rush-0123456789';
/** goal slack on top of the merge window (and of the reply's own typing time, for the last part) */
const SLACK_MS = 3000;
/** a run gives up here: what arrived by then is what is reported */
const RUN_LIMIT_MS = 300_000;

/** The product's default typing cap (what an install without WHATSAPP_TYPING_DELAY_MS runs). */
const DEFAULT_TYPING_CAP = loadConfig({}).WHATSAPP_TYPING_DELAY_MS;

/** The agent's knowledge: paragraphs over the chunk size, so the best two passages are two parts. */
const KNOWLEDGE = [
  'Horário de funcionamento da Padaria Pão Quente: de segunda a sexta-feira abrimos às 6h e ' +
    'fechamos às 20h, sem fechar para o almoço. Aos sábados o horário é das 6h às 18h e aos ' +
    'domingos e feriados das 7h às 13h. O café da manhã é servido até as 10h30 todos os dias e o ' +
    'pão francês sai do forno às 6h, às 11h e às 16h30. Na véspera de Natal e de Ano Novo o ' +
    'horário muda: abrimos às 6h e fechamos às 15h. No dia 25 de dezembro e no dia 1º de janeiro ' +
    'a padaria não abre. O horário de funcionamento pode mudar em dias de jogo da seleção; ' +
    'avisamos sempre com uma semana de antecedência no Instagram e aqui no WhatsApp. ' +
    'Estacionamento gratuito para clientes durante todo o horário de funcionamento.',
  'Encomendas de bolos, tortas e salgados para festas: pedimos 48 horas de antecedência e um ' +
    'sinal de 50% no pedido. As encomendas são retiradas no balcão durante o horário de ' +
    'funcionamento da loja, ou entregues em casa das 9h às 18h, de terça a sábado. O cento de ' +
    'salgados sai por R$ 89,00 e o bolo de aniversário de 2 kg a partir de R$ 120,00. Fazemos ' +
    'bolos sem glúten e sem lactose sob encomenda, com 72 horas de antecedência. Para pedidos ' +
    'acima de 300 salgados, fale com a gerente Márcia pelo telefone da loja, de segunda a sexta, ' +
    'no horário comercial, das 8h às 17h. Não aceitamos encomendas para o mesmo dia, salvo pão ' +
    'de forma e baguetes, que podem ser reservados até as 10h para retirada depois das 16h30.',
  'Entrega em domicílio: atendemos os bairros Centro, Vila Nova, Jardim América e Boa Vista, ' +
    'com taxa de R$ 7,00 e pedido mínimo de R$ 30,00. O horário das entregas é das 7h às 19h ' +
    'de segunda a sábado e das 7h às 12h aos domingos. Aceitamos Pix, cartões de débito e de ' +
    'crédito e vale-refeição. O endereço da loja é Rua das Flores, 123, Centro, ao lado da ' +
    'farmácia. Temos mesas na calçada e wi-fi gratuito para os clientes. O pagamento na entrega ' +
    'pode ser feito com cartão pela maquininha do entregador ou por Pix, com o QR Code que ' +
    'enviamos aqui pelo WhatsApp assim que o pedido sai da loja.',
].join('\n\n');

const seconds = (ms: number, digits = 1) => round(ms / 1000, digits);

interface Spread {
  p50: number;
  p95: number;
  max: number;
}

/** p50/p95/max of a sample, in seconds (one decimal; the streams, sub-second, get two). */
/**
 * When the product schedules a first part, in ms from the customer's message, with no queueing and
 * no work: its pause counted from the message (overlapping the window), then a short "typing…".
 */
function idealFirst(typingCap: number, windowMs: number, text: string): number {
  const pause = typingPauseMs(typingCap, text);
  return firstPartDueAt({ pause, typingFrom: windowMs, windowClosedAt: windowMs, windowMs });
}

function spread(ms: number[], digits = 1): Spread {
  return {
    p50: seconds(percentile(ms, 50), digits),
    p95: seconds(percentile(ms, 95), digits),
    max: seconds(Math.max(...ms), digits),
  };
}
const spreadText = (s: Spread) => `${s.p50} / ${s.p95} / ${s.max}`;

// -------------------------------------------------------------------------------------------
// The simulator, seen from the customers' side

interface Arrival {
  at: number;
  text: string;
}

/**
 * Polls the simulator's record of the instance's messages and keeps, per recipient (the digits
 * of the JID), when each part sent to it was first seen.
 */
function watchSimulator(origin: string, instance: string) {
  const parts = new Map<string, Arrival[]>();
  let lastArrival = 0;
  let after = 0;
  let stopped = false;
  let failures = 0;
  const poll = async () => {
    for (;;) {
      const res = await fetch(`${origin}${SIM}/${instance}/messages?after=${after}`, {
        headers: SIM_HEADERS,
        signal: AbortSignal.timeout(30_000),
      });
      if (!res.ok) throw new Error(`simulator messages: ${res.status} ${await res.text()}`);
      const rows = (await res.json()) as {
        id: number;
        direction: string;
        remoteJid: string;
        text: string;
      }[];
      const at = Date.now();
      for (const row of rows) {
        after = Math.max(after, row.id);
        if (row.direction !== 'out') continue;
        const number = row.remoteJid.split('@')[0]!;
        parts.set(number, [...(parts.get(number) ?? []), { at, text: row.text }]);
        lastArrival = at;
      }
      if (rows.length < 500) return;
    }
  };
  const loop = (async () => {
    while (!stopped) {
      const started = Date.now();
      try {
        await poll();
      } catch (err) {
        if (++failures > 20) throw err;
      }
      await sleep(Math.max(0, POLL_MS - (Date.now() - started)));
    }
  })();
  return {
    parts,
    lastArrival: () => lastArrival,
    async stop() {
      stopped = true;
      await loop;
    },
  };
}
type Watcher = ReturnType<typeof watchSimulator>;

/**
 * The same for the Cloud line: polls the fake Graph API's record of the sends and keeps, per
 * recipient (digits), when each part was first seen (the poll's time, as for the simulator).
 */
function watchFakeGraph(graph: FakeGraphProcess): Watcher {
  const parts = new Map<string, Arrival[]>();
  let lastArrival = 0;
  let after = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const started = Date.now();
      const { next, sent } = await graph.sentSince(after);
      const at = Date.now();
      after = next;
      for (const part of sent) {
        parts.set(part.to, [...(parts.get(part.to) ?? []), { at, text: part.text }]);
        lastArrival = at;
      }
      await sleep(Math.max(0, POLL_MS - (Date.now() - started)));
    }
  })();
  return {
    parts,
    lastArrival: () => lastArrival,
    async stop() {
      stopped = true;
      await loop;
    },
  };
}

interface Line {
  owner: OwnerSession;
  agentId: number;
  /** the agent's merge window (debounce), ms */
  windowMs: number;
  /** before the clock starts: the Cloud fake opens the customers' 24-hour windows (Meta would) */
  prepare(numbers: string[]): Promise<void>;
  /** one customer's question, as the line's customer sends it; throws when it is not accepted */
  customerMessage(number: string, i: number): Promise<void>;
  /** the parts sent, as the customers see them */
  watch(): Watcher;
}

async function uploadKnowledge(owner: OwnerSession, agentId: number) {
  const form = new FormData();
  form.append('document', new Blob([KNOWLEDGE], { type: 'text/plain' }), 'padaria.txt');
  const res = await fetch(`${owner.origin}/api/agents/${agentId}/upload-document`, {
    method: 'POST',
    headers: { origin: owner.origin, cookie: owner.cookie },
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: number };
  const deadline = Date.now() + 120_000;
  for (;;) {
    const docs = await owner.call<{ id: number; processingStatus: string }[]>(
      'GET',
      `/api/agents/${agentId}/documents`,
    );
    const status = docs.find((d) => d.id === id)?.processingStatus;
    if (status === 'ready') return;
    if (status === 'failed' || Date.now() > deadline) throw new Error(`document ${status}`);
    await sleep(50);
  }
}

/** A subscribed owner's agent with the knowledge document. */
async function agentWithKnowledge(origin: string, username: string, subscribe = true) {
  const owner = await newOwner(origin, username, { subscribe });
  const agentId = await createAgent(owner);
  await uploadKnowledge(owner, agentId);
  return { owner, agentId };
}

/**
 * Owner, agent with knowledge, WhatsApp number created through the API at the built-in simulator,
 * its QR "scanned" through the simulator's controls; resolves once the app says CONNECTED.
 */
async function setUpLine(web: RunningApp): Promise<Line> {
  const { owner, agentId } = await agentWithKnowledge(web.origin, `rush${Date.now().toString(36)}`);
  const created = await owner.call('POST', `/api/agents/${agentId}/whatsapp/create-instance`, {
    phoneNumber: '5511900001111',
  });
  const instance = created.instanceName as string;
  const scan = await fetch(`${web.origin}${SIM}/${instance}/scan`, {
    method: 'POST',
    headers: SIM_HEADERS,
    body: JSON.stringify({ number: '5511900001111' }),
  });
  if (!scan.ok) throw new Error(`scan: ${scan.status} ${await scan.text()}`);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const view = await owner.call('GET', `/api/agents/${agentId}/whatsapp`);
    if (view.status === 'CONNECTED') break;
    if (Date.now() > deadline) throw new Error(`instance still ${String(view.status)}`);
    await sleep(100);
  }
  const settings = await owner.call('GET', `/api/agents/${agentId}/whatsapp/settings`);
  return {
    owner,
    agentId,
    windowMs: settings.debounceMs as number,
    prepare: async () => {},
    async customerMessage(number, i) {
      const res = await fetch(`${web.origin}${SIM}/${instance}/messages`, {
        method: 'POST',
        headers: SIM_HEADERS,
        body: JSON.stringify({ from: number, text: QUESTION, pushName: `Cliente ${i}` }),
      });
      await res.arrayBuffer();
      if (res.status !== 201) throw new Error(`customer message: ${res.status}`);
    },
    watch: () => watchSimulator(web.origin, instance),
  };
}

/** The server's env for the Cloud line against the fake Graph API. */
const cloudEnv = (graph: FakeGraphProcess) => ({
  META_APP_ID: '1234567890',
  META_APP_SECRET,
  META_CONFIG_ID: '987654321',
  META_VERIFY_TOKEN: 'verify-token-whatsapp-rush',
  GRAPH_API_URL: graph.url,
});

let messageSeq = 0;

/**
 * Owner subscribed to Multi, agent with knowledge, a tenant of its own in the fake Graph API
 * connected by the manual route (the agent's default merge window kept); the fake's status
 * webhooks go to this server.
 */
async function setUpCloudLine(web: RunningApp, graph: FakeGraphProcess): Promise<Line> {
  const owner = await newOwner(web.origin, `rushc${Date.now().toString(36)}`, { planId: 'multi' });
  const agentId = await createAgent(owner);
  await uploadKnowledge(owner, agentId);
  const tenant = await graph.addTenant();
  await owner.call('POST', `/api/agents/${agentId}/whatsapp/cloud`, {
    wabaId: tenant.wabaId,
    phoneNumberId: tenant.phoneNumberId,
    accessToken: tenant.token,
  });
  await graph.setWebhookUrl(`${web.origin}${CLOUD_WEBHOOK}`);
  const settings = await owner.call('GET', `/api/agents/${agentId}/whatsapp/settings`);
  return {
    owner,
    agentId,
    windowMs: settings.debounceMs as number,
    prepare: (numbers) => graph.openWindow(tenant.phoneNumberId, numbers),
    async customerMessage(number, i) {
      const { body, signature } = signedInbound(META_APP_SECRET, tenant, {
        from: number,
        id: `wamid.RUSH${++messageSeq}`,
        text: QUESTION,
        name: `Cliente ${i}`,
      });
      const res = await fetch(`${web.origin}${CLOUD_WEBHOOK}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
        body,
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`customer message: ${res.status}`);
    },
    watch: () => watchFakeGraph(graph),
  };
}

// -------------------------------------------------------------------------------------------
// WhatsApp: N customers at once

interface RushRow {
  line: LineName;
  database: string;
  pauses: string;
  typingCapMs: number;
  customers: number;
  answered: number;
  windowS: number;
  partsPerReply: string;
  /** parts seen → how many replies had that many */
  partsHistogram: Record<string, number>;
  first: Spread;
  /**
   * first part minus when the product schedules it with nothing else to do (firstPartDueAt: the
   * pause counted from the message, overlapping the window, then a short "typing…"): queueing and work
   */
  firstOverhead: Spread;
  last: Spread;
  /** the replies' own typing time (sum of their parts' pauses), min–max */
  replyTypingS: string;
  /** last part minus (window + the reply's typing time), p95 */
  lastExcessP95S: number;
  goalFirstP95S: number;
  goalFirstMet: boolean;
  /** window + typing + 3 s, for the reply of median typing time */
  goalLastS: number;
  repliesOverLastGoal: number;
  goalLastMet: boolean;
  /** ms the simulator's control call took to accept a message, p50 / max */
  postMs: { p50: number; max: number };
  runS: number;
}

const phone = (run: number, i: number) =>
  `55119${String(run).padStart(2, '0')}${String(i).padStart(6, '0')}`;

let runSeq = 0;

async function rush(
  label: { line: LineName; database: string; pauses: string },
  line: Line,
  watcher: Watcher,
  typingCap: number,
  customers: number,
): Promise<RushRow> {
  const run = ++runSeq;
  const numbers = Array.from({ length: customers }, (_, i) => phone(run, i));
  await line.prepare(numbers);
  const sentAt = new Map<string, number>();
  const postMs: number[] = [];
  const started = Date.now();
  await Promise.all(
    numbers.map(async (number, i) => {
      const t0 = Date.now();
      sentAt.set(number, t0);
      await line.customerMessage(number, i);
      postMs.push(Date.now() - t0);
    }),
  );
  const quietMs = typingCap + 5000;
  while (Date.now() - started < RUN_LIMIT_MS) {
    const all = numbers.every((n) => watcher.parts.has(n));
    if (all && Date.now() - watcher.lastArrival() > quietMs) break;
    await sleep(250);
  }
  const replies = numbers
    .map((n) => ({ t0: sentAt.get(n)!, parts: watcher.parts.get(n) ?? [] }))
    .filter((r) => r.parts.length > 0);
  const window = line.windowMs;
  const typing = replies.map((r) =>
    r.parts.reduce((sum, p) => sum + typingPauseMs(typingCap, p.text), 0),
  );
  const first = replies.map((r) => r.parts[0]!.at - r.t0);
  const last = replies.map((r) => r.parts.at(-1)!.at - r.t0);
  const excess = last.map((ms, i) => ms - window - typing[i]!);
  const partCounts = replies.map((r) => r.parts.length);
  const goalFirstP95S = seconds(window + SLACK_MS);
  const firstSpread = spread(first);
  const row: RushRow = {
    ...label,
    typingCapMs: typingCap,
    customers,
    answered: replies.length,
    windowS: seconds(window),
    partsPerReply:
      Math.min(...partCounts) === Math.max(...partCounts)
        ? String(partCounts[0] ?? 0)
        : `${Math.min(...partCounts)}–${Math.max(...partCounts)}`,
    partsHistogram: Object.fromEntries(
      [...new Set(partCounts)].sort().map((n) => [n, partCounts.filter((c) => c === n).length]),
    ),
    first: firstSpread,
    firstOverhead: spread(
      replies.map((r, i) => first[i]! - idealFirst(typingCap, window, r.parts[0]!.text)),
    ),
    last: spread(last),
    replyTypingS:
      Math.min(...typing) === Math.max(...typing)
        ? String(seconds(typing[0] ?? 0))
        : `${seconds(Math.min(...typing))}–${seconds(Math.max(...typing))}`,
    lastExcessP95S: seconds(percentile(excess, 95)),
    goalFirstP95S,
    goalFirstMet: replies.length === customers && firstSpread.p95 <= goalFirstP95S,
    goalLastS: seconds(window + percentile(typing, 50) + SLACK_MS),
    repliesOverLastGoal: excess.filter((ms) => ms > SLACK_MS).length,
    goalLastMet: replies.length === customers && percentile(excess, 95) <= SLACK_MS,
    postMs: { p50: round(percentile(postMs, 50)), max: round(Math.max(...postMs)) },
    runS: seconds(Date.now() - started),
  };
  console.log(
    `${label.line}, ${label.database}, pauses ${label.pauses}, N=${customers}: answered ${row.answered}, ` +
      `first ${spreadText(row.first)} s (goal p95 ≤ ${goalFirstP95S} ${row.goalFirstMet ? '✓' : '✗'}), ` +
      `last ${spreadText(row.last)} s (goal ≤ window + typing ${row.replyTypingS} + 3 = ` +
      `${row.goalLastS} s: ${row.repliesOverLastGoal} over ${row.goalLastMet ? '✓' : '✗'}), ` +
      `window ${row.windowS} s, ${row.partsPerReply} parts`,
  );
  return row;
}

/**
 * A server (`start`, given the line's env) and its line for one WhatsApp line: the built-in
 * Evolution simulator, or the fake Graph API in its own process. Runs `work`, then stops them.
 */
async function withLine<T>(
  name: LineName,
  start: (env: Record<string, string>) => Promise<RunningApp>,
  work: (line: Line) => Promise<T>,
): Promise<T> {
  const graph = name === 'cloud' ? await startFakeGraphProcess(META_APP_SECRET) : null;
  try {
    const web = await start(graph ? cloudEnv(graph) : {});
    const line = graph ? await setUpCloudLine(web, graph) : await setUpLine(web);
    return await work(line);
  } finally {
    await graph?.stop();
  }
}

async function embeddedRuns(name: LineName, pauses: string): Promise<RushRow[]> {
  const dir = tempDir('whatsapp-rush');
  const typingCap = pauses === 'off' ? 0 : DEFAULT_TYPING_CAP;
  let app: RunningApp | null = null;
  try {
    return await withLine(
      name,
      async (env) => {
        app = await startApp({
          APP_SECRET,
          DATA_DIR: dir,
          ...env,
          ...(pauses === 'off' ? { WHATSAPP_TYPING_DELAY_MS: '0' } : {}),
        });
        discardOutput(app.server);
        return app;
      },
      async (line) => {
        const watcher = line.watch();
        const rows: RushRow[] = [];
        try {
          for (const n of LEVELS) {
            const label = { line: name, database: 'embedded', pauses };
            rows.push(await rush(label, line, watcher, typingCap, n));
          }
        } finally {
          await watcher.stop();
        }
        return rows;
      },
    );
  } finally {
    await (app as RunningApp | null)?.stop();
    removeDir(dir);
  }
}

async function postgresRun(name: LineName): Promise<RushRow | null> {
  const database = await createBenchDatabase();
  if (!database) return null;
  const apps: RunningApp[] = [];
  try {
    return await withLine(
      name,
      (env) => startWebAndWorkers({ DATABASE_URL: database.url, APP_SECRET, ...env }, 2, apps),
      async (line) => {
        const watcher = line.watch();
        try {
          return await rush(
            { line: name, database: 'PostgreSQL, web + 2 workers', pauses: 'default' },
            line,
            watcher,
            DEFAULT_TYPING_CAP,
            PG_LEVEL,
          );
        } finally {
          await watcher.stop();
        }
      },
    );
  } finally {
    for (const app of apps.reverse()) await app.stop();
    await database.drop();
  }
}

// -------------------------------------------------------------------------------------------
// Streamed replies: the widget and the test console

interface StreamRow {
  channel: string;
  clients: number;
  completed: number;
  failed: number;
  firstChunk: Spread;
  end: Spread;
}

function streamRow(channel: string, timings: StreamTiming[]): StreamRow {
  const ok = timings.filter((t) => !t.failed && t.firstMs !== null);
  const row = {
    channel,
    clients: timings.length,
    completed: ok.length,
    failed: timings.length - ok.length,
    firstChunk: spread(
      ok.map((t) => t.firstMs!),
      2,
    ),
    end: spread(
      ok.map((t) => t.endMs),
      2,
    ),
  };
  console.log(
    `${channel}, ${row.clients} at once: first chunk ${spreadText(row.firstChunk)} s, ` +
      `end ${spreadText(row.end)} s, failed ${row.failed}`,
  );
  return row;
}

async function streamRuns(): Promise<StreamRow[]> {
  const dir = tempDir('whatsapp-rush-stream');
  const app = await startApp({ APP_SECRET, DATA_DIR: dir });
  discardOutput(app.server);
  try {
    const origin = app.origin;
    const stamp = Date.now().toString(36);
    const site = await agentWithKnowledge(origin, `rushw${stamp}`);
    const { embedConfig } = await site.owner.call<{ embedConfig: { agentKey: string } }>(
      'GET',
      `/api/agents/${site.agentId}/webchat-code`,
    );
    // the test console needs no subscription; each owner tests their own agent
    const testers: { owner: OwnerSession; agentId: number }[] = [];
    for (let i = 0; i < STREAM_LEVEL; i += 8) {
      const batch = Array.from({ length: Math.min(8, STREAM_LEVEL - i) }, (_, j) =>
        agentWithKnowledge(origin, `rusht${stamp}n${i + j}`, false),
      );
      testers.push(...(await Promise.all(batch)));
    }
    let visitor = 0;
    const widget = () =>
      timedStream(`${origin}/api/public/agents/${embedConfig.agentKey}/chat/stream`, {
        headers: {
          'content-type': 'text/plain;charset=UTF-8',
          origin: HOST_ORIGIN,
          'x-forwarded-for': nextClientIp(),
        },
        body: JSON.stringify({
          visitorId: `rush${stamp}v${visitor++}`.padEnd(24, 'x'),
          message: QUESTION,
        }),
      });
    const testConsole = (tester: { owner: OwnerSession; agentId: number }) =>
      timedStream(`${origin}/api/agents/${tester.agentId}/test/stream`, {
        headers: {
          'content-type': 'application/json',
          origin,
          cookie: tester.owner.cookie,
        },
        body: JSON.stringify({ message: QUESTION }),
      });
    const rows: StreamRow[] = [];
    rows.push(streamRow('widget (public chat stream)', [await widget()]));
    await sleep(1000);
    rows.push(
      streamRow(
        'widget (public chat stream)',
        await Promise.all(Array.from({ length: STREAM_LEVEL }, widget)),
      ),
    );
    await sleep(1000);
    rows.push(streamRow('test console (owner test stream)', [await testConsole(testers[0]!)]));
    await sleep(1000);
    rows.push(
      streamRow('test console (owner test stream)', await Promise.all(testers.map(testConsole))),
    );
    return rows;
  } finally {
    await app.stop();
    removeDir(dir);
  }
}

// -------------------------------------------------------------------------------------------

function rushTable(rows: RushRow[]) {
  return rows.map((r) => ({
    line: r.line,
    database: r.database,
    pauses: r.pauses,
    N: r.customers,
    answered: r.answered,
    'window s': r.windowS,
    'first p50/p95/max s': spreadText(r.first),
    'goal first p95': `≤ ${r.goalFirstP95S} ${r.goalFirstMet ? '✓' : '✗'}`,
    'first − scheduled p50/p95': `${r.firstOverhead.p50} / ${r.firstOverhead.p95}`,
    'last p50/p95/max s': spreadText(r.last),
    'reply typing s': r.replyTypingS,
    'goal last': `≤ ${r.goalLastS} ${r.goalLastMet ? '✓' : '✗'}`,
    'over goal': r.repliesOverLastGoal,
    parts: r.partsPerReply,
    'post ms p50/max': `${r.postMs.p50} / ${r.postMs.max}`,
  }));
}

async function main() {
  const started = performance.now();
  const whatsapp: RushRow[] = [];
  for (const pauses of PAUSES)
    for (const name of LINES) whatsapp.push(...(await embeddedRuns(name, pauses)));
  for (const name of RUN_PG ? LINES : []) {
    const pg = await postgresRun(name);
    if (pg) whatsapp.push(pg);
  }
  const streams = RUN_STREAM ? await streamRuns() : [];

  console.log(
    `\nWhatsApp at rush hour: seconds from the customer's message to the first / last part ` +
      `(evolution: built-in simulator; cloud: fake Graph API in its own process; offline model, typing cap ${DEFAULT_TYPING_CAP} ms by default, ` +
      `the agent's merge window; parts seen every ${POLL_MS} ms)`,
  );
  printTable(rushTable(whatsapp));
  if (streams.length > 0) {
    console.log('\nstreamed replies (embedded, offline model): seconds to the first chunk / end');
    printTable(
      streams.map((r) => ({
        channel: r.channel,
        'at once': r.clients,
        completed: r.completed,
        'first chunk p50/p95/max s': spreadText(r.firstChunk),
        'end p50/p95/max s': spreadText(r.end),
        failed: r.failed,
      })),
    );
  }
  const file = await writeResult(`whatsapp-rush${process.env.BENCH_RESULT_SUFFIX ?? ''}`, {
    bundle: process.env.BENCH_SERVER_BUNDLE ?? 'dist/server/main.js',
    question: QUESTION,
    defaultTypingCapMs: DEFAULT_TYPING_CAP,
    pollMs: POLL_MS,
    lines: LINES,
    slackMs: SLACK_MS,
    whatsapp,
    streams,
    wallS: round((performance.now() - started) / 1000, 1),
  });
  console.log(`wrote ${file} (${round((performance.now() - started) / 1000, 1)} s)`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
