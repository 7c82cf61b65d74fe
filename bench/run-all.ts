/**
 * Runs every benchmark, one process each and one after another, then prints a summary of the
 * figures from bench/results/*.json.
 *
 *   npm run bench        (node --import tsx bench/run-all.ts)
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { benchDir, round, sleep } from './lib/common';

const BENCHES = ['startup', 'http', 'durability'];
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
}

async function main() {
  const failed: string[] = [];
  for (const name of BENCHES) {
    await waitForQuiet();
    console.log(`\n### bench/${name}.ts`);
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(benchDir, `${name}.ts`)],
      {
        stdio: 'inherit',
        timeout: 10 * 60_000,
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
