import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { databaseBefore, type DatabaseBefore } from '../test/migration-helpers';
import { queryRows, type Database } from './client';
import { runMigrations } from './migrate';

/** A database with the schema as it was before agents had public keys (up to migration 0006). */
let before: DatabaseBefore;
let database: Database;

beforeAll(async () => {
  before = await databaseBefore(7);
  database = before.database;
});

afterAll(async () => {
  await before?.close();
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
