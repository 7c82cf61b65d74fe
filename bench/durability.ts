/**
 * What survives kill -9 on the embedded database (PGlite in DATA_DIR), for
 * docs/decisions/0001-embedded-database.md:
 *
 * 1. Three runs of a child that commits 100-row transactions and prints its committed total after
 *    each COMMIT, killed with SIGKILL at a random moment; a new process then reopens the DATA_DIR
 *    and counts rows (and batches with other than 100 rows).
 * 2. The real server process killed in the middle of a burst of registrations; it is restarted on
 *    the same DATA_DIR, and the users found are compared with the 201 responses received.
 *
 *   node --import tsx bench/durability.ts
 */
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ROOT as repoRoot } from '../server/lib/paths';
import { nextClientIp, BENCH_PASSWORD, startApp } from './lib/app-client';
import {
  discardOutput,
  printTable,
  removeDir,
  round,
  sleep,
  tempDir,
  writeResult,
} from './lib/common';

const RUNS = 3;
/** the kill lands this long after the first commit (or first 201), uniformly at random */
const KILL_AFTER_MS: [number, number] = [300, 3000];
const REGISTRATION_CONCURRENCY = 8;
const MAX_REGISTRATIONS = 3000;

interface Inspection {
  openMs: number;
  migrateMs: number;
  wallMs: number;
  runs: { run: number; rows: number; batches: number; partial: number }[];
  usernames: string[];
}

function runChild(script: string, args: string[]) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join('bench', 'lib', script), ...args],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  return { child, lines: createInterface({ input: child.stdout }), exit, stderr: () => stderr };
}

async function inspect(dataDir: string): Promise<Inspection> {
  const t0 = performance.now();
  const proc = runChild('inspect-data-dir.ts', [dataDir]);
  let last = '';
  proc.lines.on('line', (line) => (last = line));
  const { code } = await proc.exit;
  if (code !== 0) throw new Error(`inspect failed (${code}): ${proc.stderr()}`);
  return {
    ...(JSON.parse(last) as Omit<Inspection, 'wallMs'>),
    wallMs: round(performance.now() - t0),
  };
}

async function killDuringBatches(dataDir: string, run: number) {
  const proc = runChild('batch-writer.ts', [dataDir, String(run)]);
  let reported = 0;
  let killAt: number | null = null;
  let killed = false;
  proc.lines.on('line', (line) => {
    if (/^\d+$/.test(line)) reported = Number(line);
    if (reported > 0 && killAt === null) {
      killAt = randomInt(...KILL_AFTER_MS);
      setTimeout(() => {
        killed = proc.child.kill('SIGKILL');
      }, killAt);
    }
  });
  // 'close' fires after the pipe is drained, so `reported` holds every total the child printed.
  const exit = await proc.exit;
  if (!killed) throw new Error(`writer ended before the kill (${exit.code}): ${proc.stderr()}`);
  const found = await inspect(dataDir);
  const rows = found.runs.find((r) => r.run === run);
  return {
    run,
    killAfterFirstCommitMs: killAt,
    reportedCommitted: reported,
    foundAfterReopen: rows?.rows ?? 0,
    partialBatches: rows?.partial ?? 0,
    reopenOpenMs: found.openMs,
    reopenMigrateMs: found.migrateMs,
    reopenProcessMs: found.wallMs,
  };
}

/** One registration; resolves with its status, or 0 when the connection died (the kill). */
async function register(origin: string, username: string): Promise<number> {
  try {
    const res = await fetch(`${origin}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': nextClientIp() },
      body: JSON.stringify({
        username,
        password: BENCH_PASSWORD,
        name: 'Bench',
        email: `${username}@bench.example`,
        planId: 'standard',
      }),
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

async function killServerDuringRegistrations(dataDir: string) {
  const app = await startApp({ DATA_DIR: dataDir });
  discardOutput(app.server);
  const created: string[] = [];
  const statuses: Record<string, number> = {};
  let next = 0;
  let killAt: number | null = null;
  let dead = false;
  void app.server.exit.then(() => (dead = true));

  const worker = async () => {
    while (!dead && next < MAX_REGISTRATIONS) {
      const username = `crash${next++}`;
      const status = await register(app.origin, username);
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status === 201) created.push(username);
      if (status === 201 && killAt === null) {
        killAt = randomInt(...KILL_AFTER_MS);
        setTimeout(() => app.server.child.kill('SIGKILL'), killAt);
      }
    }
  };
  await Promise.all(Array.from({ length: REGISTRATION_CONCURRENCY }, worker));
  await app.server.exit;
  if (!dead) throw new Error('the registration burst ended before the kill');

  const t0 = performance.now();
  const restarted = await startApp({ DATA_DIR: dataDir });
  const restartToReadyMs = round(performance.now() - t0);
  await restarted.stop();
  const found = await inspect(dataDir);
  const existing = new Set(found.usernames);
  return {
    killAfterFirst201Ms: killAt,
    requestsSent: next,
    responses201: created.length,
    statuses,
    usersFound: found.usernames.length,
    missing201Users: created.filter((u) => !existing.has(u)).length,
    /** committed, but the kill cut the connection before the 201 arrived */
    committedWithoutResponse:
      found.usernames.length - created.filter((u) => existing.has(u)).length,
    restartToReadyMs,
  };
}

async function main() {
  const dir = tempDir('durability');
  const serverDir = tempDir('durability-server');
  try {
    const batches = [];
    for (let run = 1; run <= RUNS; run++) {
      batches.push(await killDuringBatches(dir, run));
      console.log(`batch run ${run}:`, batches.at(-1));
      await sleep(100);
    }
    const server = await killServerDuringRegistrations(serverDir);
    console.log('server run:', server);

    console.log('\nkill -9 during 100-row transactions, then reopen (same DATA_DIR for all runs)');
    printTable(
      batches.map((b) => ({
        run: b.run,
        'killed after ms': b.killAfterFirstCommitMs ?? '',
        'committed (reported)': b.reportedCommitted,
        'found after reopen': b.foundAfterReopen,
        'partial batches': b.partialBatches,
        'reopen: open ms': b.reopenOpenMs,
        'reopen: process ms': b.reopenProcessMs,
      })),
    );
    console.log('\nkill -9 of the server during a registration burst, then restart');
    printTable([
      {
        'requests sent': server.requestsSent,
        '201 received': server.responses201,
        'users found': server.usersFound,
        '201 users missing': server.missing201Users,
        'committed, no response': server.committedWithoutResponse,
        'restart→ready ms': server.restartToReadyMs,
      },
    ]);
    const lost =
      batches.some((b) => b.foundAfterReopen < b.reportedCommitted || b.partialBatches > 0) ||
      server.missing201Users > 0;
    console.log(lost ? 'LOSS: a committed write did not survive' : 'no committed write was lost');
    const file = await writeResult('durability', {
      command: 'node --import tsx bench/durability.ts',
      batchRows: 100,
      killAfterMs: KILL_AFTER_MS,
      batches,
      server,
      committedWriteLost: lost,
    });
    console.log(`wrote ${file}`);
  } finally {
    removeDir(dir);
    removeDir(serverDir);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
