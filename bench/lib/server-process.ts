import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT as repoRoot } from '../../server/lib/paths';
import { spawnBundle, type SpawnedServer } from '../../server/test/server-process';

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
 * Starts the bundled server as a real process, the way users run it (`npm start`), built first
 * unless `bundle` is given: that bundle runs as it is, built or not (first-load.ts, which builds
 * nothing). The tests start their own run's bundle the same way (server/test/spawn-server.ts).
 */
export function spawnServer(env: Record<string, string>, bundle?: string): SpawnedServer {
  if (bundle === undefined) buildServer();
  // BENCH_NODE_ARGS adds node flags to the server only, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  return spawnBundle(bundle ?? serverBundle, env, nodeArgs);
}
