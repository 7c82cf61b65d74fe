import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from './test/free-port';
import { HttpClient, signedInClient } from './test/http-client';
import { spawnServer } from './test/spawn-server';
import { testTempDir } from './test/temp-dir';

/** The real server process on the embedded database: locking, graceful shutdown, crash restart. */
describe('server process on the embedded database', () => {
  it('refuses a second process on the same DATA_DIR, shuts down gracefully on SIGTERM, and restarts after kill -9', async () => {
    const dataDir = testTempDir('aab-proc-');
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

  it('serves on a first start, which makes the database apart, and a restart serves what it stored', async () => {
    const dataDir = testTempDir('aab-proc-');
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` };
    const base = env.PUBLIC_URL;

    const first = spawnServer(env);
    await first.ready;
    expect(first.output()).toContain('"msg":"embedded database created"');
    const { user } = await signedInClient(base);
    first.child.kill('SIGTERM');
    expect((await first.exit).code).toBe(0);

    const second = spawnServer(env);
    await second.ready;
    expect(second.output()).not.toContain('embedded database created');
    const login = await new HttpClient(base).post('/api/login', {
      username: user.username,
      password: user.password,
    });
    second.child.kill('SIGTERM');
    expect((await second.exit).code).toBe(0);
    expect(login.status, login.text).toBe(200);
  }, 90_000);

  it('of two first starts at once on a new DATA_DIR, one serves and the other exits naming the lock', async () => {
    const dataDir = testTempDir('aab-proc-');
    const servers = [spawnServer({ DATA_DIR: dataDir }), spawnServer({ DATA_DIR: dataDir })];
    const outcomes = await Promise.all(
      servers.map((server) =>
        Promise.race([
          server.ready.then(() => 'ready' as const),
          server.exit.then(({ code }) => `exit ${code}` as const),
        ]),
      ),
    );
    const winner = servers[outcomes.indexOf('ready')];
    const loser = servers[outcomes.indexOf('exit 1')];
    expect([...outcomes].sort()).toEqual(['exit 1', 'ready']);
    expect(loser!.output()).toMatch(/is in use by another process \(pid \d+\)/);
    winner!.child.kill('SIGTERM');
    expect((await winner!.exit).code).toBe(0);
  }, 90_000);

  it('fails fast naming a bad environment variable', async () => {
    const server = spawnServer({
      DATA_DIR: testTempDir('aab-proc-'),
      ROLE: 'boss',
    });
    expect((await server.exit).code).toBe(1);
    expect(server.output()).toContain('ROLE:');
  }, 30_000);
});
