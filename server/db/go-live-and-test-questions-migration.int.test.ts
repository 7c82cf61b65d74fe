import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { databaseBefore, type DatabaseBefore } from '../test/migration-helpers';
import { queryRows, type Database } from './client';
import { runMigrations } from './migrate';

/** A database as it was before test-console questions and the go-live moment (up to 0026). */
let before: DatabaseBefore;
let database: Database;

beforeAll(async () => {
  before = await databaseBefore(27);
  database = before.database;
});

afterAll(async () => {
  await before?.close();
});

it('migration 0027 keeps the customers’ questions as theirs, allows a test question without a conversation, and celebrates nobody', async () => {
  const db = database.db;
  await db.execute(sql`INSERT INTO users (username, password_hash, name, email)
    VALUES ('dono', 'x', 'Dono', 'dono@example.com')`);
  await db.execute(sql`INSERT INTO agents (owner_id, name, system_prompt)
    SELECT id, 'Padaria', 'Atenda.' FROM users`);
  await db.execute(sql`INSERT INTO conversations (agent_id, channel, contact_id)
    SELECT id, 'webchat', 'visitante' FROM agents`);
  await db.execute(sql`INSERT INTO unanswered_groups (owner_id, agent_id, question)
    SELECT owner_id, id, 'Tem pix?' FROM agents`);
  await db.execute(sql`INSERT INTO unanswered_questions
      (group_id, owner_id, agent_id, conversation_id, question, reason)
    SELECT g.id, g.owner_id, g.agent_id, c.id, 'Tem pix?', 'no-passage'
    FROM unanswered_groups g JOIN conversations c ON c.agent_id = g.agent_id`);

  await runMigrations(database);

  expect(
    await queryRows(
      db,
      sql`SELECT question, origin, conversation_id IS NOT NULL AS linked
      FROM unanswered_questions`,
    ),
  ).toEqual([{ question: 'Tem pix?', origin: 'customer', linked: true }]);
  expect(await queryRows(db, sql`SELECT go_live_celebrated_at FROM users`)).toEqual([
    { go_live_celebrated_at: null },
  ]);

  // A test question has no conversation; a customer's always has one.
  await db.execute(sql`INSERT INTO unanswered_questions
      (group_id, owner_id, agent_id, origin, question, reason)
    SELECT id, owner_id, agent_id, 'test', 'Tem pix?', 'no-passage' FROM unanswered_groups`);
  await expect(
    db.execute(sql`INSERT INTO unanswered_questions (group_id, owner_id, agent_id, question, reason)
      SELECT id, owner_id, agent_id, 'Tem pix?', 'no-passage' FROM unanswered_groups`),
  ).rejects.toThrow();
  await expect(
    db.execute(sql`INSERT INTO unanswered_questions
        (group_id, owner_id, agent_id, conversation_id, origin, question, reason)
      SELECT g.id, g.owner_id, g.agent_id, c.id, 'test', 'Tem pix?', 'no-passage'
      FROM unanswered_groups g JOIN conversations c ON c.agent_id = g.agent_id`),
  ).rejects.toThrow();
  expect(
    await queryRows(
      db,
      sql`SELECT origin, count(*)::int AS n FROM unanswered_questions
      GROUP BY origin ORDER BY origin`,
    ),
  ).toEqual([
    { origin: 'customer', n: 1 },
    { origin: 'test', n: 1 },
  ]);
});
