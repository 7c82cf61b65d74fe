import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';

/**
 * A new directory in the system's temporary folder, removed when the test that made it has
 * finished, passed or failed: a test's data directories (a whole embedded database, for some) do
 * not pile up in /tmp run after run.
 */
export function testTempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
