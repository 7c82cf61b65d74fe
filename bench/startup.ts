/**
 * Cold start to ready, and idle memory, of the real server process (the bundle dist/server/main.js,
 * what `npm start` runs): a first start on a new DATA_DIR (initdb + migrations), starts
 * on an existing one, and the same on PostgreSQL when it answers on 127.0.0.1:5432.
 *
 *   node --import tsx bench/startup.ts
 */
import {
  cpuMs,
  freePort,
  median,
  printTable,
  removeDir,
  round,
  rssMb,
  sleep,
  stopServer,
  tempDir,
  waitFor200,
  writeResult,
} from './lib/common';
import { spawnServer } from './lib/server-process';
import { createBenchDatabase } from './lib/postgres';

const EXISTING_RUNS = 5;
const FRESH_RUNS = 3;
const IDLE_MS = 10_000;

interface StartSample {
  /** spawn → the "ready" log line read from the pipe */
  readyLogMs: number;
  /** spawn → first 200 from GET /readyz */
  readyzMs: number;
  /** the process's own readyMs (from main() entry, so without node boot and imports) */
  inProcessMs: number;
  /** CPU time the process (and any child) used up to ready: robust to a busy machine */
  cpuToReadyMs: number | null;
  rssAtReadyMb: number | null;
  idleRssMb?: number | null;
  idlePeakRssMb?: number | null;
}

async function startOnce(env: Record<string, string>, measureIdle: boolean): Promise<StartSample> {
  const port = await freePort();
  const t0 = performance.now();
  const server = spawnServer({ ...env, PORT: String(port), LOG_LEVEL: 'info' });
  const exited = () => server.child.exitCode !== null || server.child.signalCode !== null;
  try {
    const readyz = waitFor200(`http://127.0.0.1:${port}/readyz`, t0, 60_000, exited);
    readyz.catch(() => {}); // awaited below; this only keeps an early exit from being unhandled
    const ready = await server.ready;
    const readyLogMs = performance.now() - t0;
    const readyzMs = await readyz;
    const sample: StartSample = {
      readyLogMs: round(readyLogMs),
      readyzMs: round(readyzMs),
      inProcessMs: Number(ready.readyMs),
      cpuToReadyMs: cpuMs(server.child.pid!),
      rssAtReadyMb: rssMb(server.child.pid!)?.rssMb ?? null,
    };
    if (measureIdle) {
      await sleep(IDLE_MS);
      const mem = rssMb(server.child.pid!);
      sample.idleRssMb = mem?.rssMb ?? null;
      sample.idlePeakRssMb = mem?.peakMb ?? null;
    }
    return sample;
  } finally {
    const code = await stopServer(server);
    if (code !== 0) console.warn(`server exited with ${code}:\n${server.output().slice(-2000)}`);
  }
}

function summarise(label: string, samples: StartSample[]) {
  const idle = samples.find((s) => s.idleRssMb !== undefined);
  return {
    label,
    runs: samples.length,
    readyLogMsMedian: round(median(samples.map((s) => s.readyLogMs))),
    readyzMsMedian: round(median(samples.map((s) => s.readyzMs))),
    inProcessMsMedian: round(median(samples.map((s) => s.inProcessMs))),
    /** spawn → main(): node and loading the bundle and its external packages */
    cpuToReadyMsMedian: round(median(samples.map((s) => s.cpuToReadyMs ?? NaN))),
    bootMsMedian: round(median(samples.map((s) => s.readyLogMs - s.inProcessMs))),
    readyLogMsRange: [
      Math.min(...samples.map((s) => s.readyLogMs)),
      Math.max(...samples.map((s) => s.readyLogMs)),
    ],
    idleRssMb: idle?.idleRssMb ?? null,
    idlePeakRssMb: idle?.idlePeakRssMb ?? null,
    samples,
  };
}

async function embedded() {
  const dirs: string[] = [];
  try {
    const fresh: StartSample[] = [];
    for (let i = 0; i < FRESH_RUNS; i++) {
      const dir = tempDir('startup');
      dirs.push(dir);
      fresh.push(await startOnce({ DATA_DIR: dir }, i === 0));
      console.log(`embedded first start ${i + 1}/${FRESH_RUNS}: ${fresh[i]!.readyLogMs} ms`);
    }
    const existing: StartSample[] = [];
    for (let i = 0; i < EXISTING_RUNS; i++) {
      existing.push(await startOnce({ DATA_DIR: dirs[0]! }, i === EXISTING_RUNS - 1));
      console.log(
        `embedded existing start ${i + 1}/${EXISTING_RUNS}: ${existing[i]!.readyLogMs} ms`,
      );
    }
    return [
      summarise('embedded, first start', fresh),
      summarise('embedded, existing DATA_DIR', existing),
    ];
  } finally {
    dirs.forEach(removeDir);
  }
}

async function postgres() {
  const database = await createBenchDatabase();
  if (!database) return [];
  const dir = tempDir('startup-pg');
  try {
    const env = { DATA_DIR: dir, DATABASE_URL: database.url };
    const first = [await startOnce(env, false)];
    console.log(`postgres first start: ${first[0]!.readyLogMs} ms`);
    const existing: StartSample[] = [];
    for (let i = 0; i < EXISTING_RUNS; i++) {
      existing.push(await startOnce(env, i === EXISTING_RUNS - 1));
      console.log(
        `postgres existing start ${i + 1}/${EXISTING_RUNS}: ${existing[i]!.readyLogMs} ms`,
      );
    }
    return [summarise('postgres, first start', first), summarise('postgres, migrated', existing)];
  } finally {
    removeDir(dir);
    await database.drop();
  }
}

async function main() {
  const results = [...(await embedded()), ...(await postgres())];
  console.log('\nStart to ready (median of wall times from spawn)');
  console.log('boot = spawn→ready minus the in-process readyMs: node and the module imports');
  printTable(
    results.map((r) => ({
      case: r.label,
      runs: r.runs,
      'spawn→ready log ms': r.readyLogMsMedian,
      'spawn→/readyz 200 ms': r.readyzMsMedian,
      'in-process readyMs': r.inProcessMsMedian,
      'boot ms': r.bootMsMedian,
      'CPU ms to ready': r.cpuToReadyMsMedian,
      'range ms': r.readyLogMsRange.join('–'),
      'idle RSS MB (10 s)': r.idleRssMb ?? '',
      'peak RSS MB': r.idlePeakRssMb ?? '',
    })),
  );
  const targets = {
    existingReadyUnder3s: results[1]!.readyLogMsMedian < 3000,
    firstStartUnder10s: results[0]!.readyLogMsMedian < 10_000,
    embeddedIdleRssUnder400Mb: (results[1]!.idleRssMb ?? Infinity) < 400,
  };
  console.log('targets:', targets);
  const file = await writeResult('startup', { idleMs: IDLE_MS, targets, results });
  console.log(`wrote ${file}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
