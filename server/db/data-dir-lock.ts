import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname, uptime } from 'node:os';
import path from 'node:path';

/**
 * PGlite has no lock on its directory, and two processes on one directory lose writes (measured:
 * a row one of them committed was gone once both had closed). We hold our own lock file, created
 * atomically (O_EXCL) and holding the owner's pid. A lock whose process is gone (kill -9, crash)
 * or that predates the last boot is stale and taken over at once, so a restart after a crash
 * never waits. See
 * docs/decisions/0001-embedded-database.md for why this is not an mtime-refreshing lock.
 */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

interface LockInfo {
  pid: number;
  host: string;
  startedAt: number;
}

export interface DataDirLock {
  path: string;
  release(): void;
}

const bootTime = () => Date.now() - uptime() * 1000;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else — still alive.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(file: string): LockInfo | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LockInfo;
  } catch {
    return null;
  }
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, '.lock');
  const info: LockInfo = { pid: process.pid, host: hostname(), startedAt: Date.now() };

  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, JSON.stringify(info));
      closeSync(fd);
      let released = false;
      return {
        path: file,
        release() {
          if (released) return;
          released = true;
          const current = readLock(file);
          if (current?.pid === process.pid) rmSync(file, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readLock(file);
      const stale =
        holder === null ||
        holder.host !== info.host ||
        holder.startedAt < bootTime() - 1000 ||
        (holder.pid !== process.pid && !isAlive(holder.pid));
      if (holder && holder.host === info.host && holder.pid === process.pid) {
        throw new DataDirLockedError(
          `The data directory ${path.resolve(dataDir)} is already open in this process.`,
        );
      }
      if (!stale) {
        throw new DataDirLockedError(
          `The data directory ${path.resolve(dataDir)} is in use by another process (pid ${holder.pid}). ` +
            `Stop that process, or set DATA_DIR to another directory, or use DATABASE_URL (PostgreSQL) to run several processes.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${path.resolve(dataDir)}.`);
}
