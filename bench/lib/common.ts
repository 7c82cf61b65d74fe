import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { format, resolveConfig } from 'prettier';
import type { SpawnedServer } from '../../server/test/server-process';

export const round = (value: number, digits = 0) => Number(value.toFixed(digits));

export const benchDir = path.join(import.meta.dirname, '..');
export { sleep };

const loadAtStart = loadavg().map((l) => round(l, 2));

/** What the figures were measured on; every result file carries it. */
export function machine() {
  return {
    node: process.version,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryMb: Math.round(totalmem() / 2 ** 20),
    platform: `${process.platform}-${process.arch}`,
    // Other work on the machine skews every figure; 1/5/15-minute load averages, start and end.
    loadAvgAtStart: loadAtStart,
    loadAvgAtEnd: loadavg().map((l) => round(l, 2)),
  };
}

/** Writes bench/results/<name>.json (Prettier-formatted, as the repository's check wants). */
export async function writeResult(name: string, data: Record<string, unknown>): Promise<string> {
  const dir = path.join(benchDir, 'results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.json`);
  const body = { bench: name, measuredAt: new Date().toISOString(), machine: machine(), ...data };
  const options = (await resolveConfig(file)) ?? {};
  writeFileSync(file, await format(JSON.stringify(body), { ...options, filepath: file }));
  return file;
}

export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(tmpdir(), `aab-bench-${prefix}-`));
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** A port that was free a moment ago, so the caller knows the URL before the server listens. */
export { freePort } from '../../server/test/free-port';

/** Resident memory of a process in MB, from /proc (Linux only). */
export function rssMb(pid: number): { rssMb: number; peakMb: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) =>
      Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rssMb: Math.round(field('VmRSS') / 1024), peakMb: Math.round(field('VmHWM') / 1024) };
  } catch {
    return null;
  }
}

const clockTicks = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

function readStat(pid: number): { ppid: number; cpuMs: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name start at field 3 (state): ppid is field 4,
    // utime and stime are fields 14 and 15, in clock ticks.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      ppid: Number(fields[1]),
      cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks,
    };
  } catch {
    return null;
  }
}

/**
 * CPU time (user + system, every thread) used so far by a process and its live descendants (tsx
 * transpiles through an esbuild child process), in ms, from /proc. Unlike wall time it hardly
 * changes when other work competes for the CPUs, so it is the figure to compare between runs on a
 * busy machine.
 */
export function cpuMs(pid: number): number | null {
  const root = readStat(pid);
  if (!root) return null;
  const children = new Map<number, number[]>();
  const stats = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (!stat) continue;
    stats.set(Number(entry), stat.cpuMs);
    children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), Number(entry)]);
  }
  let total = 0;
  const queue = [pid];
  while (queue.length > 0) {
    const current = queue.pop()!;
    total += current === pid ? root.cpuMs : (stats.get(current) ?? 0);
    queue.push(...(children.get(current) ?? []));
  }
  return round(total);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return NaN;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * After `ready`, stop spawnServer from buffering and re-parsing the server's stdout: under load the
 * request logs would otherwise pile up in this process, which also runs the load generator. The
 * pipe keeps flowing, so the server still pays for writing its logs as it would in production.
 */
export function discardOutput(server: SpawnedServer): void {
  server.child.stdout?.removeAllListeners('data');
  server.child.stdout?.resume();
}

/** SIGTERM (graceful shutdown, releases DATA_DIR/.lock), SIGKILL if it hangs. */
export async function stopServer(
  server: SpawnedServer,
  timeoutMs = 20_000,
): Promise<number | null> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) {
    return server.child.exitCode;
  }
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), timeoutMs);
  const { code } = await server.exit;
  clearTimeout(timer);
  return code;
}

/**
 * Milliseconds from `since` until GET url answers 200; polls every 10 ms and gives up at the
 * deadline or as soon as `gaveUp()` says the server is gone.
 */
export async function waitFor200(
  url: string,
  since: number,
  deadlineMs = 60_000,
  gaveUp: () => boolean = () => false,
): Promise<number> {
  while (performance.now() - since < deadlineMs && !gaveUp()) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) return performance.now() - since;
    } catch {
      // not listening yet
    }
    await sleep(10);
  }
  throw new Error(`${url} did not answer 200 (server exited or ${deadlineMs} ms passed)`);
}

export function printTable(rows: Record<string, string | number>[]): void {
  if (rows.length === 0) return;
  const headers = Object.keys(rows[0]!);
  const cells = rows.map((row) => headers.map((h) => String(row[h] ?? '')));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (values: string[]) =>
    '| ' + values.map((v, i) => v.padEnd(widths[i]!)).join(' | ') + ' |';
  console.log(line(headers));
  console.log('|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|');
  for (const row of cells) console.log(line(row));
}

/** Nearest-rank percentile (p in 0–100) of a sample; NaN when empty. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}

/**
 * Runs `fn` `warmup + samples` times, one after another, and resolves to the milliseconds of the
 * last `samples` runs (the first ones warm caches and prepared statements). `fn` gets the run's
 * index.
 */
export async function timedRuns(
  fn: (i: number) => Promise<unknown>,
  { warmup, samples }: { warmup: number; samples: number },
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < warmup + samples; i++) {
    const t0 = performance.now();
    await fn(i);
    if (i >= warmup) times.push(performance.now() - t0);
  }
  return times;
}
