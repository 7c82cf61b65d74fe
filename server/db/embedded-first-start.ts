import { fork } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { embeddedDataPath, openDatabase } from './client';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock';
import { runMigrations } from './migrate';

/**
 * The first start on a new DATA_DIR makes the embedded database in a child process that exits
 * before the server opens it (ADR 0036). Made in the server's own process, the database cost it
 * ~450 MB for good: PGlite's initdb runs in a second WebAssembly instance beside the engine's and
 * copies the engine's whole memory first, and none of it was given back — the idle server held
 * ~790 MB after a first start against ~350 MB after a restart (bench/first-start-memory.ts).
 */

/** Where the child makes the database, renamed to `pgdata` once it is complete. */
const STAGING_DIR = 'pgdata.creating';

// From the sources (tests, tsx) the child is TypeScript; in the bundle (npm start) esbuild writes
// it beside main.js as create-database.js (package.json build:server).
const fromSources = import.meta.url.endsWith('.ts');
const CREATOR = new URL(
  fromSources ? './create-database.ts' : './create-database.js',
  import.meta.url,
);

export type CreationOutcome = { ok: true } | { ok: false; locked: boolean; message: string };

/**
 * True when DATA_DIR holds no embedded database yet: no `pgdata`, or an empty one (which an older
 * start, interrupted before its initdb wrote anything, could leave). A `pgdata` with files in it
 * is never touched here: the engine opens it as it always did.
 */
export function embeddedDatabaseMissing(dataDir: string): boolean {
  const dir = embeddedDataPath(dataDir);
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/**
 * Makes and migrates the embedded database of a new DATA_DIR in a child process, and waits for it
 * to exit. Returns false, doing nothing, when the database exists. Throws DataDirLockedError when
 * another process holds the directory.
 */
export async function createEmbeddedDatabaseApart(dataDir: string): Promise<boolean> {
  if (!embeddedDatabaseMissing(dataDir)) return false;
  const child = fork(CREATOR, [path.resolve(dataDir)], {
    execArgv: fromSources ? ['--import', 'tsx'] : ['--enable-source-maps'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const outcome = await new Promise<CreationOutcome>((resolve, reject) => {
    let reported: CreationOutcome | undefined;
    child.on('message', (message) => (reported = message as CreationOutcome));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (reported) resolve(reported);
      else reject(new Error(`The process creating the database exited (${signal ?? code}).`));
    });
  });
  if (!outcome.ok) {
    throw outcome.locked ? new DataDirLockedError(outcome.message) : new Error(outcome.message);
  }
  return true;
}

/**
 * The child's work: under the DATA_DIR lock, the database is made and migrated in a directory of
 * its own and renamed to `pgdata` only once closed, so an interrupted first start leaves no
 * half-made database behind — the next start clears the leftover and begins again.
 */
export async function createEmbeddedDatabase(dataDir: string): Promise<void> {
  const lock = acquireDataDirLock(dataDir);
  try {
    // another start may have made it between our check and the lock
    if (!embeddedDatabaseMissing(dataDir)) return;
    const staging = path.join(dataDir, STAGING_DIR);
    rmSync(staging, { recursive: true, force: true });
    const database = await openDatabase({ dataDir, embeddedPath: staging, lock });
    try {
      await runMigrations(database);
    } finally {
      await database.close();
    }
    const target = embeddedDataPath(dataDir);
    if (existsSync(target)) rmdirSync(target); // empty, or embeddedDatabaseMissing was false
    renameSync(staging, target);
  } finally {
    lock.release();
  }
}
