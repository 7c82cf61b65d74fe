import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnServer } from './test/spawn-server';

/** The real server process on the embedded database: locking, graceful shutdown, crash restart. */
describe('server process on the embedded database', () => {
  it('refuses a second process on the same DATA_DIR, shuts down gracefully on SIGTERM, and restarts after kill -9', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'aab-proc-'));
    const first = spawnServer({ DATA_DIR: dataDir });
    const ready = await first.ready;
    expect(ready).toMatchObject({ database: 'embedded', role: 'all' });
    expect(existsSync(path.join(dataDir, '.lock'))).toBe(true);

    const second = spawnServer({ DATA_DIR: dataDir });
    const secondExit = await second.exit;
    expect(secondExit.code).toBe(1);
    expect(second.output()).toMatch(/is in use by another process \(pid \d+\)/);

    first.child.kill('SIGTERM');
    expect((await first.exit).code).toBe(0);
    expect(first.output()).toContain('"msg":"stopped"');
    expect(existsSync(path.join(dataDir, '.lock'))).toBe(false);

    const third = spawnServer({ DATA_DIR: dataDir });
    await third.ready;
    third.child.kill('SIGKILL');
    await third.exit;
    expect(existsSync(path.join(dataDir, '.lock'))).toBe(true);

    const fourth = spawnServer({ DATA_DIR: dataDir });
    await fourth.ready;
    fourth.child.kill('SIGTERM');
    expect((await fourth.exit).code).toBe(0);
  }, 90_000);

  it('fails fast naming a bad environment variable', async () => {
    const server = spawnServer({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'aab-proc-')),
      ROLE: 'boss',
    });
    expect((await server.exit).code).toBe(1);
    expect(server.output()).toContain('ROLE:');
  }, 30_000);
});
