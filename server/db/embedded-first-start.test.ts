import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { embeddedDataPath, openDatabase, queryRows } from './client';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock';
import { createEmbeddedDatabaseApart, embeddedDatabaseMissing } from './embedded-first-start';
import { migrationsFolder } from './migrate';
import { testTempDir } from '../test/temp-dir';

const newDataDir = () => testTempDir('aab-first-start-');

const journalEntries = () =>
  (
    JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    }
  ).entries.length;

describe('the embedded database of a first start, made in a child process', () => {
  it('makes and migrates it once, leaving the lock free and nothing half-made; a second call keeps what was saved', async () => {
    const dataDir = newDataDir();
    expect(embeddedDatabaseMissing(dataDir)).toBe(true);
    expect(await createEmbeddedDatabaseApart(dataDir)).toBe(true);
    expect(readdirSync(dataDir).sort()).toEqual(['pgdata']);
    expect(existsSync(path.join(embeddedDataPath(dataDir), 'PG_VERSION'))).toBe(true);

    const database = await openDatabase({ dataDir });
    const [applied] = await queryRows<{ count: number }>(
      database.db,
      sql`SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations`,
    );
    await database.db.execute(
      sql`INSERT INTO users (username, password_hash, name, email) VALUES ('joana', 'x', 'Joana', 'j@e.com')`,
    );
    await database.close();
    expect(applied?.count).toBe(journalEntries());

    expect(await createEmbeddedDatabaseApart(dataDir)).toBe(false);
    const reopened = await openDatabase({ dataDir });
    const rows = await queryRows(reopened.db, sql`SELECT username FROM users`);
    await reopened.close();
    expect(rows).toEqual([{ username: 'joana' }]);
  }, 90_000);

  it('clears what an interrupted creation left (its staging directory, an empty pgdata) and makes it', async () => {
    const dataDir = newDataDir();
    mkdirSync(embeddedDataPath(dataDir));
    // as initdb leaves it when stopped half-way: its version file written, its catalogue not
    const staging = path.join(dataDir, 'pgdata.creating');
    mkdirSync(path.join(staging, 'base'), { recursive: true });
    writeFileSync(path.join(staging, 'PG_VERSION'), '17\n');
    writeFileSync(path.join(staging, 'base', 'half-written'), 'x');
    expect(embeddedDatabaseMissing(dataDir)).toBe(true);

    expect(await createEmbeddedDatabaseApart(dataDir)).toBe(true);
    expect(readdirSync(dataDir).sort()).toEqual(['pgdata']);
    expect(existsSync(path.join(embeddedDataPath(dataDir), 'base', 'half-written'))).toBe(false);
    const database = await openDatabase({ dataDir });
    const rows = await queryRows(database.db, sql`SELECT count(*)::int AS count FROM users`);
    await database.close();
    expect(rows).toEqual([{ count: 0 }]);
  }, 90_000);

  it('never touches a pgdata that holds files', async () => {
    const dataDir = newDataDir();
    mkdirSync(embeddedDataPath(dataDir));
    writeFileSync(path.join(embeddedDataPath(dataDir), 'something'), 'kept');
    expect(embeddedDatabaseMissing(dataDir)).toBe(false);
    expect(await createEmbeddedDatabaseApart(dataDir)).toBe(false);
    expect(readdirSync(embeddedDataPath(dataDir))).toEqual(['something']);
  });

  it('refuses a DATA_DIR another process holds, with the lock’s message, and makes nothing', async () => {
    const dataDir = newDataDir();
    // held by this process: for the child, another live process
    const lock = acquireDataDirLock(dataDir);
    try {
      const attempt = createEmbeddedDatabaseApart(dataDir);
      await expect(attempt).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(attempt).rejects.toThrow(`in use by another process (pid ${process.pid})`);
    } finally {
      lock.release();
    }
    expect(readdirSync(dataDir)).toEqual([]);
  }, 60_000);
});
