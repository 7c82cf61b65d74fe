import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT as repoRoot } from '../../server/lib/paths';

/** build:server's entry points (package.json), those of them a commit has */
const ENTRIES = [
  'server/main.ts',
  'server/cli/db.ts',
  'extraction-worker=server/modules/knowledge/extraction-worker.ts',
  'create-database=server/db/create-database.ts',
];

/**
 * The baseline build of an A/B benchmark: the sources of a commit, bundled as build:server does.
 * Exports server/, common/, client/locales/, widget/, package.json and tsconfig.json of `ref` under
 * dist/bench-baseline/ (inside the repository, so the bundle resolves this checkout's node_modules)
 * and bundles them there; its package.json makes that folder the baseline's root (its own
 * migrations). Returns the path of its main.js.
 */
export function buildBaseline(ref: string): string {
  const commit = execFileSync('git', ['rev-parse', '--short', ref], {
    cwd: repoRoot,
    encoding: 'utf8',
  }).trim();
  const root = path.join(repoRoot, 'dist', 'bench-baseline', commit);
  const bundle = path.join(root, 'dist', 'server', 'main.js');
  if (existsSync(bundle)) return bundle;
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  const archive = spawnSync(
    'sh',
    [
      '-c',
      `git archive ${commit} server common client/locales widget package.json tsconfig.json | tar -x -C "${root}"`,
    ],
    { cwd: repoRoot, stdio: 'inherit' },
  );
  if (archive.status !== 0) throw new Error(`git archive ${commit} failed`);
  const entries = ENTRIES.filter((entry) => existsSync(path.join(root, entry.split('=').pop()!)));
  const build = spawnSync(
    path.join(repoRoot, 'node_modules', '.bin', 'esbuild'),
    [
      ...entries,
      '--bundle',
      '--platform=node',
      '--target=node20',
      '--format=esm',
      '--packages=external',
      '--sourcemap',
      '--outdir=dist/server',
      '--log-level=warning',
    ],
    { cwd: root, stdio: 'inherit' },
  );
  if (build.status !== 0) throw new Error(`baseline build of ${commit} failed`);
  console.log(`baseline ${commit} built in ${path.relative(repoRoot, root)}`);
  return bundle;
}
