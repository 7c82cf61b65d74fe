import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { openDatabase, type Database } from '../db/client';
import { migrationsFolder } from '../db/migrate';
import { adminQuery } from './harness';
import { databaseUrlFor, testDatabaseKind } from './test-env';

export interface DatabaseBefore {
  database: Database;
  close: () => Promise<void>;
}

/**
 * A fresh database (embedded, or PostgreSQL with TEST_DATABASE=postgres) with the schema as it
 * was before migration `idx`: the migrations below it applied, none after. Fill it as the old
 * schema allows, then `runMigrations` applies the rest, as an upgrade does.
 */
export async function databaseBefore(idx: number): Promise<DatabaseBefore> {
  const dir = mkdtempSync(path.join(tmpdir(), 'aab-migration-'));
  const before = path.join(dir, 'migrations');
  cpSync(migrationsFolder, before, { recursive: true });
  const journalFile = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx < idx);
  writeFileSync(journalFile, JSON.stringify(journal));

  let database: Database;
  let pgName: string | undefined;
  if (testDatabaseKind() === 'postgres') {
    pgName = `aab_mig_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    await adminQuery(`CREATE DATABASE ${pgName}`);
    database = await openDatabase({ dataDir: '', databaseUrl: databaseUrlFor(pgName) });
    await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: before });
  } else {
    database = await openDatabase({ dataDir: path.join(dir, 'data') });
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: before });
  }
  return {
    database,
    close: async () => {
      await database.close();
      if (pgName) await adminQuery(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
