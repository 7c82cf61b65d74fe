import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The repository root, found by walking up to package.json, so paths hold both when running the
 * TypeScript sources (server/…) and the bundle `npm start` runs (dist/server/main.js).
 */
function findRoot(start: string): string {
  let dir = start;
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

export const ROOT = findRoot(import.meta.dirname);
export const MIGRATIONS_DIR = path.join(ROOT, 'server', 'db', 'migrations');
export const CLIENT_DIST = path.join(ROOT, 'dist', 'client');
