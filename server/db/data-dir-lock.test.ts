import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock';
import { testTempDir } from '../test/temp-dir';

const newDir = () => testTempDir('aab-lock-');

describe('acquireDataDirLock', () => {
  it('refuses a directory already locked by this process and frees it on release', () => {
    const dir = newDir();
    const lock = acquireDataDirLock(dir);
    expect(JSON.parse(readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
    acquireDataDirLock(dir).release();
  });

  it('refuses a directory held by another live process, naming it', async () => {
    const dir = newDir();
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(
        path.join(dir, '.lock'),
        JSON.stringify({
          pid: child.pid,
          host: (await import('node:os')).hostname(),
          startedAt: Date.now(),
        }),
      );
      expect(() => acquireDataDirLock(dir)).toThrow(/in use by another process \(pid \d+\)/);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('takes over the lock of a process that died (kill -9) at once', async () => {
    const dir = newDir();
    const child = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => child.on('exit', resolve));
    writeFileSync(
      path.join(dir, '.lock'),
      JSON.stringify({
        pid: child.pid,
        host: (await import('node:os')).hostname(),
        startedAt: Date.now(),
      }),
    );
    const lock = acquireDataDirLock(dir);
    expect(JSON.parse(readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('treats an unreadable lock file as stale', () => {
    const dir = newDir();
    writeFileSync(path.join(dir, '.lock'), 'garbage');
    acquireDataDirLock(dir).release();
  });
});
