import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminQuery } from '../test/harness';
import { databaseUrlFor, testDatabaseKind } from '../test/test-env';
import { openDatabase, queryRows, type Database } from './client';
import { migrationsFolder, runMigrations } from './migrate';

/** A database with the schema as it was before agents had public keys (up to migration 0006). */
let dir: string;
let database: Database;
let pgName: string | undefined;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'aab-migration-'));
  const before = path.join(dir, 'migrations');
  cpSync(migrationsFolder, before, { recursive: true });
  const journalFile = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx < 7);
  writeFileSync(journalFile, JSON.stringify(journal));

  if (testDatabaseKind() === 'postgres') {
    pgName = `aab_mig_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    await adminQuery(`CREATE DATABASE ${pgName}`);
    database = await openDatabase({ dataDir: '', databaseUrl: databaseUrlFor(pgName) });
    await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: before });
  } else {
    database = await openDatabase({ dataDir: path.join(dir, 'data') });
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: before });
  }
});

afterAll(async () => {
  await database?.close();
  if (pgName) await adminQuery(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
  rmSync(dir, { recursive: true, force: true });
});

it('migration 0007 gives every agent already there its own random key, and later inserts one too', async () => {
  const db = database.db;
  await db.execute(sql`INSERT INTO users (username, password_hash, name, email)
    VALUES ('dono', 'x', 'Dono', 'dono@example.com')`);
  await db.execute(sql`INSERT INTO agents (owner_id, name, system_prompt)
    SELECT id, 'Agente ' || n, 'Atenda.' FROM users, generate_series(1, 50) AS n`);

  await runMigrations(database);

  const keys = (
    await queryRows<{ public_key: string }>(db, sql`SELECT public_key FROM agents ORDER BY id`)
  ).map((row) => row.public_key);
  expect(keys).toHaveLength(50);
  for (const key of keys) {
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(Buffer.from(key, 'base64url')).toHaveLength(24);
  }
  expect(new Set(keys).size).toBe(50);

  // An insert that names no key (raw SQL, as scripts do) still gets one of its own.
  const [added] = await queryRows<{ public_key: string }>(
    db,
    sql`INSERT INTO agents (owner_id, name, system_prompt)
        SELECT id, 'Novo', 'Atenda.' FROM users RETURNING public_key`,
  );
  expect(added!.public_key).toMatch(/^[A-Za-z0-9_-]{32}$/);
  expect(keys).not.toContain(added!.public_key);
});
