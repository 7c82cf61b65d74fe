import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The code says what it does and why; it does not point to a tracker outside the repository
 * (an issue and its number), whose numbers mean nothing to a reader of the tree. The history is in git.
 */
const root = path.resolve(import.meta.dirname, '../..');
const TREES = ['server', 'client', 'common', 'widget', 'bench', 'e2e'];
const TRACKER_REFERENCE = /\bissues? #?\d+/i;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(ts|tsx|mjs|js)$/.test(entry.name) ? [full] : [];
  });
}

describe('source files', () => {
  it('name no tracker issue by number', () => {
    const found = TREES.flatMap((tree) => sourceFiles(path.join(root, tree))).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${path.relative(root, file)}:${i + 1}` }))
        .filter(({ line }) => TRACKER_REFERENCE.test(line) && !line.includes('TRACKER_REFERENCE'))
        .map(({ at, line }) => `${at}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });
});
