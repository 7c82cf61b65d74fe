/**
 * Runs every benchmark, one process each and one after another, then prints a summary of the
 * figures from bench/results/*.json.
 *
 *   npm run bench        (node --import tsx bench/run-all.ts)
 *
 * The server bundle (`npm run build:server`, what `npm start` runs) is built once here; the
 * benchmarks that spawn the server use it. first-load measures the client build as it is: run
 * `npm run build` first.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { benchDir, printTable, round, sleep } from './lib/common';
import { buildServer } from './lib/server-process';

const BENCHES = [
  'startup',
  'first-start-memory',
  'http',
  'durability',
  'agents-list',
  'runtime',
  'retrieval',
  'customer-questions',
  'vector-recall',
  'widget-size',
  'widget-chat',
  'widget-launcher',
  'first-load',
  'whatsapp-pipeline',
  'whatsapp-rush',
  'hostile-upload',
  'owner-events',
  'inbox',
  'analytics',
  'appointments-slots',
  'reminders',
  'mixed-load',
];
/** most finish within 10 minutes; the inbox and the reports seed 1M messages on each database first */
const TIMEOUT_MS: Record<string, number> = { inbox: 20 * 60_000, analytics: 20 * 60_000 };
const QUIET_WAIT_MS = 60_000;

/** Other work on the machine skews the figures: wait (bounded) for the load to drop first. */
async function waitForQuiet() {
  const limit = cpus().length * 0.75;
  const since = Date.now();
  while (loadavg()[0]! > limit && Date.now() - since < QUIET_WAIT_MS) await sleep(5000);
  const load = round(loadavg()[0]!, 2);
  if (load > limit)
    console.warn(`load average still ${load} on ${cpus().length} CPUs; figures will be noisy`);
}

function read(name: string): any {
  return JSON.parse(readFileSync(path.join(benchDir, 'results', `${name}.json`), 'utf8'));
}

function summary() {
  const startup = read('startup');
  console.log('\n== startup (median, spawn → "ready" log line)');
  for (const r of startup.results) {
    const rss = r.idleRssMb === null ? '' : `, idle RSS ${r.idleRssMb} MB`;
    console.log(
      `${r.label}: ${r.readyLogMsMedian} ms = boot ${r.bootMsMedian} + in-process ` +
        `${r.inProcessMsMedian} (/readyz ${r.readyzMsMedian} ms), ` +
        `CPU ${r.cpuToReadyMsMedian} ms${rss}`,
    );
  }
  console.log('targets:', startup.targets);

  const firstStart = read('first-start-memory');
  console.log(`\n== first start's memory (idle RSS after ${firstStart.idleMs / 1000} s, medians)`);
  for (const r of firstStart.rows) {
    console.log(
      `${r.build}, ${r.case}: idle RSS ${r.idleRssMbMedian} MB, ready ${r.readyMsMedian} ms, ` +
        `start peak with children ${r.startTreePeakMbMedian} MB, served ${r.allServed}`,
    );
  }
  console.log('goals:', firstStart.goals);

  const http = read('http');
  console.log(`\n== http (${http.connections} connections, ${http.durationS} s each)`);
  for (const r of http.rows) {
    console.log(
      `${r.case}: ${r.reqPerSec} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, ` +
        `${round(r.ratioToBaseline * 100, 1)} % of hello-world, ` +
        `server CPU ${r.serverCpuMsPerRequest} ms/req (${round((r.cpuRatioToBaseline ?? 0) * 100, 1)} %), ` +
        `non-2xx ${r.non2xx}`,
    );
  }
  console.log('targets:', http.targets);

  const durability = read('durability');
  console.log('\n== durability (kill -9, then reopen)');
  for (const b of durability.batches) {
    console.log(
      `run ${b.run}: committed ${b.reportedCommitted}, found ${b.foundAfterReopen}, ` +
        `partial batches ${b.partialBatches}, reopen ${b.reopenOpenMs} ms`,
    );
  }
  const s = durability.server;
  console.log(
    `server: ${s.responses201} × 201 received, ${s.usersFound} users found, ` +
      `${s.missing201Users} missing, restart → ready ${s.restartToReadyMs} ms`,
  );
  newerSummary();
}

function newerSummary() {
  const agents = read('agents-list');
  console.log(`\n== agents list (${agents.connections} connections, ${agents.durationS} s each)`);
  for (const r of agents.rows) {
    console.log(
      `${r.case}: ${r.reqPerSec} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, ` +
        `${round(r.ratioToBaseline * 100, 1)} % of hello-world, ` +
        `server CPU ${r.serverCpuMsPerRequest} ms/req`,
    );
  }

  const runtime = read('runtime');
  console.log('\n== runtime overhead per turn (POST /api/agents/{id}/test)');
  for (const r of runtime.rows) {
    console.log(
      `${r.provider}, ${r.chats} chats: p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, provider ` +
        `${r.providerMsPerTurn} ms/turn, overhead p50 ${r.overheadP50Ms} ms, ` +
        `CPU ${r.serverCpuMsPerTurn} ms/turn`,
    );
  }
  console.log('targets:', runtime.targets);

  const retrieval = read('retrieval');
  const q = retrieval.quality;
  const chunking = retrieval.recommendedChunking;
  console.log(
    `\n== retrieval: lexical R@5 ${q.lexical.recallAt5} MRR ${q.lexical.mrr}, hybrid R@5 ` +
      `${q.hybrid.recallAt5} MRR ${q.hybrid.mrr}; recommended chunking ` +
      `${chunking.targetChars}/${chunking.overlapChars}; latency on ` +
      `${retrieval.latency.embeddings ?? 'random'} embeddings`,
  );
  printTable(
    retrieval.latency.rows.map((r: any) => ({
      chunks: r.chunks,
      mode: r.mode,
      'p50 ms': r.p50Ms,
      'p95 ms': r.p95Ms,
      plan: r.plan ?? '',
    })),
  );
  for (const r of retrieval.ingestion) {
    console.log(
      `ingestion ${r.type} (${r.index}): ${r.mbPerMin} MB/min of file, ` +
        `${r.textMbPerMin} MB/min of text`,
    );
  }
  console.log('targets:', retrieval.targets);

  const recall = read('vector-recall');
  console.log(
    `\n== vector search against an exact one (${recall.chunks} topical chunks, ` +
      `ef_search ${recall.configuredEfSearch} configured)`,
  );
  for (const r of recall.rows) {
    const ef = r.efSearch === null ? '' : `, ef_search ${r.efSearch}`;
    console.log(`${r.candidates}${ef}: recall@20 ${r.recallAt20}, ${r.meanMs} ms`);
  }

  const firstLoad = read('first-load');
  console.log('\n== first load as sent on the wire (JS + CSS, KB; budget 120 for public pages)');
  for (const l of firstLoad.loads) {
    console.log(
      `${l.build} ${l.route} ${l.encoding}: JS+CSS ${round(l.bytes.jsCss / 1024, 1)}, ` +
        `total ${round(l.bytes.total / 1024, 1)}`,
    );
  }

  const hostile = read('hostile-upload');
  console.log('\n== hostile uploads (/healthz every 100 ms)');
  console.log(
    `baseline p99 ${hostile.baseline.p99Ms} ms; during the uploads p50 ${hostile.during.p50Ms} ms, ` +
      `p99 ${hostile.during.p99Ms} ms, ${hostile.during.failures} failed`,
  );
  for (const p of hostile.processes) console.log(`${p.role} ${p.pid}: peak RSS ${p.peakRssMb} MB`);
  console.log('goals:', hostile.goals);

  const events = read('owner-events');
  console.log('\n== owner events (publish → SSE event, one at a time)');
  for (const r of events.rows) {
    console.log(`${r.database}, ${r.what}: p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms`);
  }

  const inbox = read('inbox');
  console.log(
    `\n== inbox (${inbox.conversations} conversations, ${inbox.messages} messages, ` +
      `p50/p95 over HTTP)`,
  );
  for (const r of inbox.rows) {
    console.log(`${r.database}, ${r.case}: p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms`);
  }
  console.log('goals:', inbox.goals);

  const analytics = read('analytics');
  console.log(
    `\n== reports' overview (${analytics.conversations} conversations, ${analytics.messages} ` +
      `messages over ${analytics.days} days, p50/p95 over HTTP)`,
  );
  for (const r of analytics.rows) {
    console.log(`${r.database}, ${r.case}: p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms`);
  }
  console.log('goals:', analytics.goals);

  const slots = read('appointments-slots');
  console.log(
    `\n== appointment slots (an agent with ${slots.daysBack + slots.daysAhead} days of ` +
      `appointments, p50/p95 over HTTP)`,
  );
  for (const r of slots.rows) {
    console.log(`${r.database}, ${r.case}: p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms`);
  }

  const mixed = read('mixed-load');
  console.log(`\n== ${mixed.concurrent} concurrent mixed requests (p50/p95/p99 ms)`);
  for (const r of mixed.rows) {
    const o = r.overall;
    console.log(
      `${r.build}, ${r.database}, round ${r.round}: overall ${o.p50}/${o.p95}/${o.p99}, ` +
        `failed ${o.failed}, /healthz p99 ${r.healthz.p99Ms}`,
    );
  }

  const reminders = read('reminders');
  console.log(`\n== reminder sweep and poll (none vs ${reminders.scheduled} scheduled)`);
  for (const r of reminders.rows) {
    console.log(
      `${r.database}, ${r.scheduled} scheduled, ${r.case}: p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms`,
    );
  }
}

async function main() {
  buildServer();
  process.env.BENCH_SERVER_BUILT = '1';
  const failed: string[] = [];
  for (const name of BENCHES) {
    await waitForQuiet();
    console.log(`\n### bench/${name}.ts`);
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(benchDir, `${name}.ts`)],
      {
        stdio: 'inherit',
        timeout: TIMEOUT_MS[name] ?? 10 * 60_000,
      },
    );
    if (result.status !== 0) failed.push(name);
  }
  if (failed.length > 0) {
    console.error(`failed: ${failed.join(', ')}`);
    process.exit(1);
  }
  summary();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
