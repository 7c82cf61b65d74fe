import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { databaseBefore, type DatabaseBefore } from '../test/migration-helpers';
import { queryRows, type Database } from './client';
import { runMigrations } from './migrate';

/** A database as it was before the business hours could follow the availability (up to 0026). */
let before: DatabaseBefore;
let database: Database;

beforeAll(async () => {
  before = await databaseBefore(28);
  database = before.database;
});

afterAll(async () => {
  await before?.close();
});

it('migration 0028 keeps every agent’s hours as they were; new ones follow the availability', async () => {
  const db = database.db;
  await db.execute(sql`INSERT INTO users (username, password_hash, name, email)
    VALUES ('dono', 'x', 'Dono', 'dono@example.com')`);
  await db.execute(sql`INSERT INTO agents (owner_id, name, system_prompt)
    SELECT id, 'Agente ' || n, 'Atenda.' FROM users, generate_series(1, 4) AS n`);
  const ids = (await queryRows<{ id: number }>(db, sql`SELECT id FROM agents ORDER BY id`)).map(
    (row) => row.id,
  );
  const [ownHours, bookingOnly, nothing, later] = ids as [number, number, number, number];
  const week = JSON.stringify([{ weekday: 1, start: '09:00', end: '12:00', capacity: 1 }]);
  await db.execute(sql`INSERT INTO appointment_availability (agent_id, owner_id, timezone, weekly)
    SELECT id, owner_id, 'America/Sao_Paulo', ${week}::jsonb FROM agents
    WHERE id IN (${ownHours}, ${bookingOnly})`);
  await db.execute(sql`INSERT INTO business_hours (agent_id, owner_id, timezone, weekly, holidays,
      out_of_hours, out_of_hours_message)
    SELECT id, owner_id, 'America/Recife', '[{"weekday":2,"start":"08:00","end":"18:00"}]'::jsonb,
      '["2026-12-25"]'::jsonb, 'message', 'Fechado.' FROM agents WHERE id = ${ownHours}`);

  await runMigrations(database);

  const rows = await queryRows<{
    agent_id: number;
    timezone: string;
    weekly: unknown;
    holidays: unknown;
    out_of_hours: string;
    follows_availability: boolean;
  }>(
    db,
    sql`SELECT agent_id, timezone, weekly, holidays, out_of_hours, follows_availability
      FROM business_hours ORDER BY agent_id`,
  );
  expect(rows).toEqual([
    // The owner's own hours stay theirs, separated.
    {
      agent_id: ownHours,
      timezone: 'America/Recife',
      weekly: [{ weekday: 2, start: '08:00', end: '18:00' }],
      holidays: ['2026-12-25'],
      out_of_hours: 'message',
      follows_availability: false,
    },
    // An availability with no hours was always open: an empty, separated week keeps it so.
    {
      agent_id: bookingOnly,
      timezone: 'America/Sao_Paulo',
      weekly: [],
      holidays: [],
      out_of_hours: 'answer',
      follows_availability: false,
    },
  ]);
  // Neither set: no row, which now follows (an empty availability: always open, as before).
  expect(rows.map((r) => r.agent_id)).not.toContain(nothing);
  await db.execute(sql`INSERT INTO business_hours (agent_id, owner_id, timezone, weekly, holidays,
      out_of_hours, out_of_hours_message)
    SELECT id, owner_id, 'America/Sao_Paulo', '[]'::jsonb, '[]'::jsonb, 'answer', '' FROM agents
    WHERE id = ${later}`);
  const [added] = await queryRows<{ follows_availability: boolean }>(
    db,
    sql`SELECT follows_availability FROM business_hours WHERE agent_id = ${later}`,
  );
  expect(added!.follows_availability).toBe(true);
  const pages = await queryRows<{ business_name: string | null }>(
    db,
    sql`SELECT column_name AS business_name FROM information_schema.columns
      WHERE table_name = 'booking_pages' AND column_name = 'business_name'`,
  );
  expect(pages).toHaveLength(1);
});
