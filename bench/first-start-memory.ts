/**
 * Idle memory of the server after a first start: the bundle `npm start` runs on the
 * embedded database, started on a new DATA_DIR (the database is made and migrated), left idle,
 * then stopped and started again on the same directory — the restart is the baseline in every
 * round. The same runs on the server built from BENCH_FIRST_START_BASELINE_REF (a git commit,
 * default the one before the first start made the database in a child process; empty: this
 * checkout only), alternating, BENCH_FIRST_START_ROUNDS (3) times each.
 *
 *   node --import tsx bench/first-start-memory.ts
 *
 * RSS is read from /proc/<pid>/status after BENCH_FIRST_START_IDLE_MS (15 s) of idle. Each start
 * also samples, every 50 ms until ready, the RSS of the server and its child processes together
 * (the process that makes the database included): the most the start asked of the machine. Once
 * measured, the first start registers an owner and the restart signs them in: both serve, and
 * the restart has what the first start stored.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { BENCH_PASSWORD, nextClientIp, registerUser } from './lib/app-client';
import { buildBaseline } from './lib/baseline-build';
import {
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
import { buildServer, serverBundle, spawnServer } from './lib/server-process';

const ROUNDS = Number(process.env.BENCH_FIRST_START_ROUNDS ?? 3);
const IDLE_MS = Number(process.env.BENCH_FIRST_START_IDLE_MS ?? 15_000);
const BASELINE_REF = process.env.BENCH_FIRST_START_BASELINE_REF ?? 'd171cc4';
const GOAL_MB = 450;

interface Build {
  name: string;
  bundle: string;
}

interface StartSample {
  build: string;
  case: 'first start' | 'restart';
  round: number;
  /** spawn → the "ready" log line */
  readyMs: number;
  idleRssMb: number;
  /** the server process's own peak (VmHWM) */
  peakRssMb: number;
  /** the largest RSS of the server and its children together, sampled until ready */
  startTreePeakMb: number;
  /** first start: an owner registered (201); restart: that owner signed in (200) */
  served: boolean;
}

function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

/** RSS of a process and its live descendants, in MB. */
function treeRssMb(root: number): number {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = parentOf(Number(entry));
    if (parent !== null) children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  let total = 0;
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.pop()!;
    const rss = rssMb(pid)?.rssMb;
    // an exited child not yet reaped (a zombie) has no VmRSS
    if (rss !== undefined && Number.isFinite(rss)) total += rss;
    queue.push(...(children.get(pid) ?? []));
  }
  return total;
}

async function signIn(origin: string, username: string): Promise<number> {
  const res = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': nextClientIp() },
    body: JSON.stringify({ username, password: BENCH_PASSWORD }),
  });
  await res.arrayBuffer();
  return res.status;
}

async function startOnce(
  build: Build,
  kind: StartSample['case'],
  round_: number,
  dataDir: string,
  username: string,
): Promise<StartSample> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const server = spawnServer(
    { DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: origin, TRUST_PROXY: '127.0.0.1' },
    build.bundle,
  );
  let treePeak = 0;
  let starting = true;
  const sampler = (async () => {
    while (starting) {
      treePeak = Math.max(treePeak, treeRssMb(server.child.pid!));
      await sleep(50);
    }
  })();
  try {
    await server.ready;
    const readyMs = round(performance.now() - t0);
    starting = false;
    await sampler;
    await waitFor200(`${origin}/readyz`, performance.now());
    await sleep(IDLE_MS);
    const memory = rssMb(server.child.pid!);
    let served: boolean;
    if (kind === 'first start') {
      await registerUser(origin, username);
      served = true;
    } else {
      served = (await signIn(origin, username)) === 200;
    }
    return {
      build: build.name,
      case: kind,
      round: round_,
      readyMs,
      idleRssMb: memory?.rssMb ?? NaN,
      peakRssMb: memory?.peakMb ?? NaN,
      startTreePeakMb: treePeak,
      served,
    };
  } finally {
    starting = false;
    const code = await stopServer(server);
    if (code !== 0) console.warn(`server exited with ${code}:\n${server.output().slice(-2000)}`);
  }
}

async function main() {
  buildServer();
  const builds: Build[] = [];
  if (BASELINE_REF) {
    builds.push({ name: `before (${BASELINE_REF})`, bundle: buildBaseline(BASELINE_REF) });
  }
  builds.push({ name: 'this checkout', bundle: serverBundle });

  const samples: StartSample[] = [];
  for (let r = 1; r <= ROUNDS; r++) {
    for (const build of builds) {
      const dataDir = tempDir('first-start');
      const username = `first${r}${build.name.replace(/\W+/g, '')}`.slice(0, 30);
      try {
        for (const kind of ['first start', 'restart'] as const) {
          const sample = await startOnce(build, kind, r, dataDir, username);
          samples.push(sample);
          console.log(
            `${build.name}, ${kind}, round ${r}: ready ${sample.readyMs} ms, idle RSS ` +
              `${sample.idleRssMb} MB (peak ${sample.peakRssMb}), with children at start ` +
              `${sample.startTreePeakMb} MB, served ${sample.served}`,
          );
        }
      } finally {
        removeDir(dataDir);
      }
    }
  }

  const rows = builds.flatMap((build) =>
    (['first start', 'restart'] as const).map((kind) => {
      const of = samples.filter((s) => s.build === build.name && s.case === kind);
      return {
        build: build.name,
        case: kind,
        runs: of.length,
        readyMsMedian: round(median(of.map((s) => s.readyMs))),
        idleRssMb: of.map((s) => s.idleRssMb),
        idleRssMbMedian: round(median(of.map((s) => s.idleRssMb))),
        peakRssMbMedian: round(median(of.map((s) => s.peakRssMb))),
        startTreePeakMbMedian: round(median(of.map((s) => s.startTreePeakMb))),
        allServed: of.every((s) => s.served),
      };
    }),
  );
  console.log(`\nIdle RSS after ${IDLE_MS / 1000} s, embedded database (medians of ${ROUNDS})`);
  printTable(
    rows.map((r) => ({
      build: r.build,
      case: r.case,
      'spawn→ready ms': r.readyMsMedian,
      'idle RSS MB': `${r.idleRssMbMedian} (${r.idleRssMb.join(', ')})`,
      'process peak MB': r.peakRssMbMedian,
      'with children, start peak MB': r.startTreePeakMbMedian,
      served: r.allServed ? 'yes' : 'NO',
    })),
  );
  const current = rows.filter((r) => r.build === 'this checkout');
  const goals = {
    [`firstStartIdleRssUnder${GOAL_MB}Mb`]: current[0]!.idleRssMbMedian < GOAL_MB,
    bothStartsServe: current.every((r) => r.allServed),
  };
  console.log('goals:', goals);
  const file = await writeResult('first-start-memory', {
    idleMs: IDLE_MS,
    rounds: ROUNDS,
    baselineRef: BASELINE_REF || null,
    goals,
    rows,
    samples,
  });
  console.log(`wrote ${file}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
