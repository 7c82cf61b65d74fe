import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, type SpawnedServer } from '../../server/test/spawn-server';

/**
 * What `npm start` runs: the esbuild bundle of server/main.ts. BENCH_SERVER_BUNDLE points the
 * benchmarks at another build instead (an A/B comparison against a baseline built elsewhere).
 */
export const serverBundle =
  process.env.BENCH_SERVER_BUNDLE ?? path.join(repoRoot, 'dist', 'server', 'main.js');

let built = process.env.BENCH_SERVER_BUILT === '1' || Boolean(process.env.BENCH_SERVER_BUNDLE);

/**
 * Builds the bundle once (`npm run build:server`). run-all builds before the first benchmark and
 * sets BENCH_SERVER_BUILT=1 for the children; a benchmark run alone builds for itself.
 */
export function buildServer(): void {
  if (built && existsSync(serverBundle)) return;
  const t0 = performance.now();
  const result = spawnSync('npm', ['run', '--silent', 'build:server'], {
    cwd: repoRoot,
    stdio: 'inherit',
    timeout: 120_000,
  });
  if (result.status !== 0) throw new Error(`npm run build:server failed (${result.status})`);
  console.log(
    `built ${path.relative(repoRoot, serverBundle)} in ${Math.round(performance.now() - t0)} ms`,
  );
  built = true;
}

/**
 * Starts the bundled server as a real process, the way users run it (`npm start`): same contract
 * as server/test/spawn-server.ts (which runs the sources through tsx, for the tests). `bundle`
 * runs a bundle as it is, built or not (first-load.ts, which builds nothing).
 */
export function spawnServer(env: Record<string, string>, bundle?: string): SpawnedServer {
  if (bundle === undefined) buildServer();
  // BENCH_NODE_ARGS adds node flags to the server only, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const extraArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(
    process.execPath,
    [...extraArgs, '--enable-source-maps', bundle ?? serverBundle],
    {
      cwd: repoRoot,
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const ready = new Promise<Record<string, unknown>>((resolve, reject) => {
    let pending = '';
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      out += text;
      pending += text;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.startsWith('{')) continue;
        try {
          const entry = JSON.parse(line) as Record<string, unknown>;
          if (entry.msg === 'ready') resolve(entry);
        } catch {
          // not a log line
        }
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    void exit.then(({ code }) =>
      reject(new Error(`server exited (${code}) before ready:\n${out.slice(-4000)}`)),
    );
  });
  ready.catch(() => {});
  return { child, ready, exit, output: () => out };
}
