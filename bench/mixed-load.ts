/**
 * 300 concurrent mixed requests against the bundle `npm start` runs, embedded database,
 * offline model, LOG_LEVEL=info: test-console streams (POST /api/agents/{id}/test/stream), widget
 * messages (POST /api/public/agents/{key}/chat, by the agent's key), 90-day reports
 * (GET /api/analytics/overview) and inbox searches (GET /api/conversations?q=…), all fired at once,
 * with GET /healthz probed every 100 ms meanwhile. One owner, one subscribed active agent with a
 * document, and BENCH_MIXED_SEED_VISITORS (60) website conversations of two turns each, made
 * through the widget before the first mix.
 *
 *   node --import tsx bench/mixed-load.ts
 *
 * The same mix runs on the server built from BENCH_MIXED_BASELINE_REF (a git commit, default the
 * one before the fix: sources exported with `git archive` and bundled as build:server does) and on
 * this checkout's build, BENCH_MIXED_ROUNDS (2) times each, alternating, in one run.
 * BENCH_MIXED_BASELINE_REF= (empty) measures this checkout only. BENCH_MIXED_PROFILE=1 also takes a
 * CPU profile of each server (`--cpu-prof`) and prints its top self-time functions
 * (bench/lib/cpu-profile.ts). BENCH_MIXED_PG=1 runs the same on a throw-away PostgreSQL database too.
 *
 * A stream's latency is its first chunk: the offline model streams its words at a reading pace
 * (15 ms a word), so a stream's end is mostly that pace; the end is printed beside it.
 */
import path from 'node:path';
import { buildBaseline } from './lib/baseline-build';
import {
  createAgent,
  newOwner,
  nextClientIp,
  startApp,
  type OwnerSession,
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
import { summariseProfiles, type ProfileSummary, type ProfileWindow } from './lib/cpu-profile';
import { createBenchDatabase } from './lib/postgres';
import { startProbe, type ProbeStats } from './lib/probe';
import { buildServer, serverBundle } from './lib/server-process';
import { timedStream } from './lib/sse-client';

const PER_KIND = 75;
const ROUNDS = Number(process.env.BENCH_MIXED_ROUNDS ?? 2);
const SEED_VISITORS = Number(process.env.BENCH_MIXED_SEED_VISITORS ?? 60);
const BASELINE_REF = process.env.BENCH_MIXED_BASELINE_REF ?? '21cdfba';
/** BENCH_MIXED_PROFILE_DIR keeps the profiles there (implies BENCH_MIXED_PROFILE=1) */
const PROFILE_KEEP = process.env.BENCH_MIXED_PROFILE_DIR;
const PROFILE = process.env.BENCH_MIXED_PROFILE === '1' || Boolean(PROFILE_KEEP);
const WITH_PG = process.env.BENCH_MIXED_PG === '1';
/** a request that takes longer than this counts as failed: the mix is bounded in time */
const REQUEST_TIMEOUT_MS = 30_000;
const APP_SECRET = 'mixed-load-bench-secret-0123456789abcdef';
const HOST_ORIGIN = 'https://www.padaria-exemplo.com.br';
const QUESTIONS = [
  'Qual é o horário de funcionamento de vocês?',
  'Vocês fazem entrega no bairro Vila Nova?',
  'Quanto custa o cento de salgados?',
  'Aceitam Pix na entrega?',
];
const SEARCHES = ['horário', 'entrega', 'salgados', 'pix'];

const KNOWLEDGE = [
  'Horário de funcionamento da Padaria Pão Quente: de segunda a sexta-feira abrimos às 6h e ' +
    'fechamos às 20h, sem fechar para o almoço. Aos sábados o horário é das 6h às 18h e aos ' +
    'domingos e feriados das 7h às 13h. O café da manhã é servido até as 10h30 todos os dias.',
  'Encomendas de bolos, tortas e salgados para festas: pedimos 48 horas de antecedência e um ' +
    'sinal de 50% no pedido. O cento de salgados sai por R$ 89,00 e o bolo de aniversário de 2 kg ' +
    'a partir de R$ 120,00. Fazemos bolos sem glúten e sem lactose sob encomenda.',
  'Entrega em domicílio: atendemos os bairros Centro, Vila Nova, Jardim América e Boa Vista, ' +
    'com taxa de R$ 7,00 e pedido mínimo de R$ 30,00. Aceitamos Pix, cartões de débito e de ' +
    'crédito e vale-refeição. O endereço da loja é Rua das Flores, 123, Centro.',
].join('\n\n');

type Kind = 'test stream' | 'widget message' | 'report 90 days' | 'inbox search';
const ALL_KINDS: Kind[] = ['test stream', 'widget message', 'report 90 days', 'inbox search'];
/** BENCH_MIXED_KINDS: a comma-separated subset (75 of each still), to see what one kind costs */
const KINDS = process.env.BENCH_MIXED_KINDS
  ? ALL_KINDS.filter((k) => process.env.BENCH_MIXED_KINDS!.split(',').includes(k))
  : ALL_KINDS;

interface Sample {
  kind: Kind;
  /** ms to the answer: the whole response, or a stream's first chunk */
  ms: number;
  /** a stream's end */
  endMs?: number;
  ok: boolean;
}

interface Spread {
  count: number;
  failed: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

interface MixRow {
  build: string;
  database: string;
  round: number;
  wallMs: number;
  serverCpuMs: number | null;
  kinds: Record<string, Spread>;
  streamEnd: Spread;
  overall: Spread;
  healthz: ProbeStats;
}

function spread(samples: { ms: number; ok: boolean }[]): Spread {
  const ms = samples.filter((s) => s.ok).map((s) => s.ms);
  const at = (p: number) => round(percentile(ms, p));
  return {
    count: samples.length,
    failed: samples.length - ms.length,
    p50: at(50),
    p95: at(95),
    p99: at(99),
    max: round(Math.max(...ms)),
  };
}

// -------------------------------------------------------------------------------------------
// Preparing the owner

interface Prepared {
  owner: OwnerSession;
  agentId: number;
  agentKey: string;
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

let visitorSeq = 0;
const newVisitor = () => `mix${Date.now().toString(36)}v${visitorSeq++}`.padEnd(24, 'x');

function widgetMessage(origin: string, agentKey: string, visitorId: string, message: string) {
  return fetch(`${origin}/api/public/agents/${agentKey}/chat`, {
    method: 'POST',
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      origin: HOST_ORIGIN,
      'x-forwarded-for': nextClientIp(),
    },
    body: JSON.stringify({ visitorId, message }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
}

async function prepare(app: RunningApp): Promise<Prepared> {
  const username = `mix${Date.now().toString(36)}`;
  const owner = await newOwner(app.origin, username);
  const agentId = await createAgent(owner);
  await uploadKnowledge(owner, agentId);
  const { embedConfig } = await owner.call<{ embedConfig: { agentKey: string } }>(
    'GET',
    `/api/agents/${agentId}/webchat-code`,
  );
  // Some conversations for the inbox and the reports: two turns each, 8 visitors at a time.
  for (let i = 0; i < SEED_VISITORS; i += 8) {
    await Promise.all(
      Array.from({ length: Math.min(8, SEED_VISITORS - i) }, async (_, j) => {
        const visitor = newVisitor();
        for (let turn = 0; turn < 2; turn++) {
          const res = await widgetMessage(
            app.origin,
            embedConfig.agentKey,
            visitor,
            QUESTIONS[(i + j + turn) % QUESTIONS.length]!,
          );
          if (!res.ok) throw new Error(`seed chat: ${res.status} ${await res.text()}`);
          await res.arrayBuffer();
        }
      }),
    );
  }
  return { owner, agentId, agentKey: embedConfig.agentKey };
}

// -------------------------------------------------------------------------------------------
// The mix

const day = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function timedGet(kind: Kind, url: string, cookie: string): Promise<Sample> {
  const t0 = performance.now();
  try {
    const res = await fetch(url, {
      headers: { cookie, 'accept-encoding': 'br, gzip' },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    await res.arrayBuffer();
    return { kind, ms: performance.now() - t0, ok: res.ok };
  } catch {
    return { kind, ms: performance.now() - t0, ok: false };
  }
}

function request(app: RunningApp, prepared: Prepared, kind: Kind, i: number): Promise<Sample> {
  const { origin } = app;
  const { owner, agentId, agentKey } = prepared;
  const question = QUESTIONS[i % QUESTIONS.length]!;
  switch (kind) {
    case 'test stream':
      return timedStream(`${origin}/api/agents/${agentId}/test/stream`, {
        headers: { 'content-type': 'application/json', origin, cookie: owner.cookie },
        body: JSON.stringify({ message: question }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      }).then((t) => ({
        kind,
        ms: t.firstMs ?? t.endMs,
        endMs: t.endMs,
        ok: !t.failed && t.firstMs !== null,
      }));
    case 'widget message': {
      const t0 = performance.now();
      return widgetMessage(origin, agentKey, newVisitor(), question)
        .then(async (res) => {
          await res.arrayBuffer();
          return { kind, ms: performance.now() - t0, ok: res.ok };
        })
        .catch(() => ({ kind, ms: performance.now() - t0, ok: false }));
    }
    case 'report 90 days':
      return timedGet(
        kind,
        `${origin}/api/analytics/overview?from=${day(-89)}&to=${day(0)}`,
        owner.cookie,
      );
    case 'inbox search':
      return timedGet(
        kind,
        `${origin}/api/conversations?q=${encodeURIComponent(SEARCHES[i % SEARCHES.length]!)}`,
        owner.cookie,
      );
  }
}

async function fireMix(
  app: RunningApp,
  prepared: Prepared,
  label: { build: string; database: string; round: number },
): Promise<MixRow> {
  // interleaved, so no kind gets the head of the queue
  const plan = Array.from({ length: PER_KIND * KINDS.length }, (_, n) => ({
    kind: KINDS[n % KINDS.length]!,
    i: Math.floor(n / KINDS.length),
  }));
  const probe = startProbe(`${app.origin}/healthz`, 100);
  mixSpan.start = performance.now();
  const cpuBefore = cpuMs(app.server.child.pid!);
  const t0 = performance.now();
  const samples = await Promise.all(plan.map((p) => request(app, prepared, p.kind, p.i)));
  mixSpan.end = performance.now();
  const wallMs = round(mixSpan.end - t0);
  const cpuAfter = cpuMs(app.server.child.pid!);
  const healthz = await probe.stop();
  const streams = samples.filter((s) => s.kind === 'test stream');
  const row: MixRow = {
    ...label,
    wallMs,
    serverCpuMs: cpuBefore === null || cpuAfter === null ? null : round(cpuAfter - cpuBefore),
    kinds: Object.fromEntries(KINDS.map((k) => [k, spread(samples.filter((s) => s.kind === k))])),
    streamEnd: spread(streams.map((s) => ({ ms: s.endMs ?? s.ms, ok: s.ok }))),
    overall: spread(samples),
    healthz,
  };
  const o = row.overall;
  console.log(
    `${label.build}, ${label.database}, round ${label.round}: ${wallMs} ms wall, ` +
      `server CPU ${row.serverCpuMs} ms; overall p50/p95/p99 ${o.p50}/${o.p95}/${o.p99} ms, ` +
      `failed ${o.failed}; /healthz p99 ${healthz.p99Ms} ms`,
  );
  return row;
}

// -------------------------------------------------------------------------------------------

/** when the last mix started and ended (performance.now()), for the profile's window */
const mixSpan = { start: 0, end: 0 };

interface Build {
  name: string;
  bundle: string;
}

async function onServer(
  build: Build,
  database: string,
  env: Record<string, string>,
  rounds: number[],
  profileDir: string | null,
): Promise<{ rows: MixRow[]; window: ProfileWindow }> {
  const dir = tempDir('mixed-load');
  const previousArgs = process.env.BENCH_NODE_ARGS;
  if (profileDir) process.env.BENCH_NODE_ARGS = `--cpu-prof --cpu-prof-dir=${profileDir}`;
  const app = await startApp({ APP_SECRET, DATA_DIR: dir, ...env }, build.bundle);
  if (profileDir) process.env.BENCH_NODE_ARGS = previousArgs ?? '';
  discardOutput(app.server);
  try {
    const prepared = await prepare(app);
    // one unmeasured small mix: JIT, prepared statements, caches
    await Promise.all(KINDS.map((kind, i) => request(app, prepared, kind, i)));
    const rows: MixRow[] = [];
    for (const round of rounds) {
      await sleep(1000);
      rows.push(await fireMix(app, prepared, { build: build.name, database, round }));
    }
    await app.stop();
    // the profile ends when the process exits
    const exitAt = performance.now();
    return {
      rows,
      window: { fromEndMs: exitAt - mixSpan.start, toEndMs: exitAt - mixSpan.end },
    };
  } finally {
    await app.stop();
    removeDir(dir);
  }
}

function kindTable(rows: MixRow[]) {
  return rows
    .flatMap((r) => [
      ...KINDS.map((k) => ({ r, what: k, s: r.kinds[k]! })),
      { r, what: 'test stream, end', s: r.streamEnd },
      { r, what: 'overall', s: r.overall },
    ])
    .map(({ r, what, s }) => ({
      build: r.build,
      database: r.database,
      round: r.round,
      kind: what,
      n: s.count,
      failed: s.failed,
      'p50 ms': s.p50,
      'p95 ms': s.p95,
      'p99 ms': s.p99,
      'max ms': s.max,
    }));
}

async function main() {
  buildServer();
  const builds: Build[] = [];
  if (BASELINE_REF)
    builds.push({ name: `before (${BASELINE_REF})`, bundle: buildBaseline(BASELINE_REF) });
  builds.push({ name: 'now', bundle: serverBundle });
  const profileRoot = PROFILE_KEEP ?? (PROFILE ? tempDir('mixed-load-prof') : null);
  const profiles: Record<string, ProfileSummary> = {};
  const rows: MixRow[] = [];
  const engines: {
    database: string;
    env: () => Promise<{ env: Record<string, string>; drop(): Promise<void> } | null>;
  }[] = [{ database: 'embedded', env: async () => ({ env: {}, drop: async () => {} }) }];
  if (WITH_PG)
    engines.push({
      database: 'PostgreSQL',
      env: async () => {
        const db = await createBenchDatabase();
        return db ? { env: { DATABASE_URL: db.url }, drop: () => db.drop() } : null;
      },
    });
  try {
    for (const engine of engines) {
      // alternating builds, a server of each per round, so a slow moment of the machine falls on both
      for (let round = 1; round <= ROUNDS; round++) {
        for (const build of builds) {
          const target = await engine.env();
          if (!target) continue;
          const profileDir =
            profileRoot && round === 1
              ? path.join(profileRoot, `${engine.database}-${build.name.replace(/\W+/g, '-')}`)
              : null;
          let window: ProfileWindow;
          try {
            const measured = await onServer(
              build,
              engine.database,
              target.env,
              [round],
              profileDir,
            );
            rows.push(...measured.rows);
            window = measured.window;
          } finally {
            await target.drop();
          }
          if (profileDir) {
            const summary = summariseProfiles(profileDir, 25, window);
            profiles[`${engine.database}, ${build.name}`] = summary;
            console.log(
              `\nCPU profile, ${engine.database}, ${build.name}: ${summary.busyMs} ms busy of ` +
                `${summary.totalMs} ms of the last mix (every thread of the server process; ` +
                `${Math.round(window.fromEndMs)}–${Math.round(window.toEndMs)} ms before its end)`,
            );
            printTable(
              summary.areas.map((a) => ({ 'self ms': a.selfMs, '%': a.percent, area: a.area })),
            );
            printTable(
              summary.top.map((e) => ({
                'self ms': e.selfMs,
                '%': e.percent,
                function: e.functionName,
                where: e.where,
              })),
            );
          }
        }
      }
    }
  } finally {
    if (profileRoot && !PROFILE_KEEP) removeDir(profileRoot);
  }
  console.log(`\n${PER_KIND * KINDS.length} concurrent requests (${PER_KIND} of each kind)`);
  printTable(kindTable(rows));
  printTable(
    rows.map((r) => ({
      build: r.build,
      database: r.database,
      round: r.round,
      'wall ms': r.wallMs,
      'server CPU ms': r.serverCpuMs ?? '',
      '/healthz p50': r.healthz.p50Ms,
      '/healthz p99': r.healthz.p99Ms,
      '/healthz max': r.healthz.maxMs,
      'probe failures': r.healthz.failures,
    })),
  );
  const file = await writeResult('mixed-load', {
    perKind: PER_KIND,
    concurrent: PER_KIND * KINDS.length,
    baselineRef: BASELINE_REF || null,
    goal: 'overall p99 < 1000 ms on 2 cores (a stream counts at its first chunk)',
    rows,
    profiles,
  });
  console.log(`written ${file}`);
}

await main();
