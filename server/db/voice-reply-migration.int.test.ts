import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { databaseBefore, type DatabaseBefore } from '../test/migration-helpers';
import { queryRows, type Database } from './client';
import { runMigrations } from './migrate';

/** A database with the schema as it was while the voice reply was a boolean (up to 0007). */
let before: DatabaseBefore;
let database: Database;

beforeAll(async () => {
  before = await databaseBefore(8);
  database = before.database;
});

afterAll(async () => {
  await before?.close();
});

it('migration 0008 turns voice_reply true into when-audio and false into off, then holds to the modes', async () => {
  const db = database.db;
  await db.execute(sql`INSERT INTO users (username, password_hash, name, email)
    VALUES ('dono', 'x', 'Dono', 'dono@example.com')`);
  await db.execute(sql`INSERT INTO agents (owner_id, name, system_prompt)
    SELECT id, 'Agente ' || n, 'Atenda.' FROM users, generate_series(1, 4) AS n`);
  const agents = (await queryRows<{ id: number }>(db, sql`SELECT id FROM agents ORDER BY id`)).map(
    (row) => row.id,
  );
  const [promised, declined, defaulted] = agents as [number, number, number, number];
  await db.execute(sql`INSERT INTO whatsapp_settings (agent_id, voice_reply)
    VALUES (${promised}, true), (${declined}, false)`);
  await db.execute(sql`INSERT INTO whatsapp_settings (agent_id) VALUES (${defaulted})`);

  await runMigrations(database);

  const rows = await queryRows<{ agent_id: number; voice_reply: string }>(
    db,
    sql`SELECT agent_id, voice_reply FROM whatsapp_settings ORDER BY agent_id`,
  );
  expect(rows).toEqual([
    { agent_id: promised, voice_reply: 'when-audio' },
    { agent_id: declined, voice_reply: 'off' },
    { agent_id: defaulted, voice_reply: 'off' },
  ]);

  // A row saved without the field takes 'off'; a value outside the modes is refused.
  const fourth = agents[3]!;
  await db.execute(sql`INSERT INTO whatsapp_settings (agent_id) VALUES (${fourth})`);
  const [added] = await queryRows<{ voice_reply: string }>(
    db,
    sql`SELECT voice_reply FROM whatsapp_settings WHERE agent_id = ${fourth}`,
  );
  expect(added!.voice_reply).toBe('off');
  await expect(
    db.execute(sql`UPDATE whatsapp_settings SET voice_reply = 'true' WHERE agent_id = ${fourth}`),
  ).rejects.toThrow();
});
