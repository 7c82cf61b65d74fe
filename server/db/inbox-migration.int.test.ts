import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { databaseBefore, type DatabaseBefore } from '../test/migration-helpers';
import { queryRows, type Database } from './client';
import { runMigrations } from './migrate';

/** A database with the schema as it was before the inbox (up to 0009), holding old transcripts. */
let before: DatabaseBefore;
let database: Database;

beforeAll(async () => {
  before = await databaseBefore(10);
  database = before.database;
});

afterAll(async () => {
  await before?.close();
});

const CREATED = '2025-01-10T09:00:00.000Z';

interface MessageRow {
  id: number;
  conversation_id: number;
  role: string;
  content: string;
  kind: string;
  status: string;
  created_at: string;
}

it('migration 0010 moves transcripts kept only in the legacy JSON list to message rows, without loss, and keeps the conversations’ new columns', async () => {
  const db = database.db;
  await db.execute(sql`INSERT INTO users (username, password_hash, name, email)
    VALUES ('dona', 'x', 'Dona', 'dona@example.com')`);
  const [agent] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO agents (owner_id, name, system_prompt)
        SELECT id, 'Padaria', 'Atenda.' FROM users RETURNING id`,
  );
  const conversation = async (contact: string, list: unknown) => {
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO conversations (agent_id, channel, contact_id, messages, created_at, updated_at)
          VALUES (${agent!.id}, 'whatsapp', ${contact}, ${JSON.stringify(list)}::jsonb,
            ${CREATED}, ${CREATED})
          RETURNING id`,
    );
    return row!.id;
  };
  // The original API's chat messages: role, content, timestamp.
  const plain = await conversation('5511900000001', [
    { role: 'user', content: 'Oi, tem pão de queijo?', timestamp: '2025-03-01T10:00:00Z' },
    { role: 'assistant', content: 'Temos sim!', timestamp: '2025-03-01T10:00:05.123Z' },
  ]);
  // Whatever else a list may hold.
  const unparseable = { role: 'user', timestamp: 'not a date' };
  const mixed = await conversation('5511900000002', [
    'texto solto',
    { author: 'bot', text: 'Olá' },
    { from: 'owner', message: 'Deixa comigo' },
    {
      role: 'user',
      content: [
        { type: 'text', text: 'parte 1' },
        { type: 'image_url', image_url: 'x' },
        'parte 3',
      ],
      createdAt: Date.parse('2025-03-01T10:00:00Z'),
    },
    { role: 'user', content: 'em segundos', created_at: Date.parse('2025-03-01T10:01:00Z') / 1000 },
    unparseable,
    { role: 'assistant', content: 'do futuro', timestamp: '9999-01-01T00:00:00Z' },
    42,
    { role: 'USER', content: 'dia que não existe', timestamp: '2025-02-30T00:00:00Z' },
    { role: 'user', content: 'agora', timestamp: 'now' },
  ]);
  // Already in rows (the list is an old copy): nothing moves.
  const both = await conversation('5511900000003', [{ role: 'user', content: 'cópia antiga' }]);
  await db.execute(sql`INSERT INTO messages (conversation_id, role, content, created_at)
    VALUES (${both}, 'user', 'na tabela', ${CREATED})`);
  const empty = await conversation('5511900000004', []);
  const notAList = await conversation('5511900000005', { messages: ['?'] });

  await runMigrations(database);

  const rows = await queryRows<MessageRow>(
    db,
    sql`SELECT id, conversation_id, role, content, kind, status,
          to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
        FROM messages ORDER BY id`,
  );
  const of = (id: number) => rows.filter((r) => r.conversation_id === id);
  expect(of(plain).map((r) => [r.role, r.content, r.created_at, r.kind, r.status])).toEqual([
    ['user', 'Oi, tem pão de queijo?', '2025-03-01T10:00:00.000Z', 'text', 'done'],
    ['assistant', 'Temos sim!', '2025-03-01T10:00:05.123Z', 'text', 'done'],
  ]);
  const moved = of(mixed);
  expect(moved.map((r) => r.role)).toEqual([
    'user',
    'assistant',
    'human',
    'user',
    'user',
    'user',
    'assistant',
    'user',
    'user',
    'user',
  ]);
  expect(moved.map((r) => r.content)).toEqual([
    'texto solto',
    'Olá',
    'Deixa comigo',
    // a part without text keeps its JSON (as the database writes it)
    'parte 1\n{"type": "image_url", "image_url": "x"}\nparte 3',
    'em segundos',
    expect.any(String),
    'do futuro',
    '42',
    'dia que não existe',
    'agora',
  ]);
  expect(JSON.parse(moved[5]!.content)).toEqual(unparseable);
  // Times as the list had them; none, or none that is a real moment of ours: the conversation's.
  expect(moved.map((r) => r.created_at)).toEqual([
    CREATED,
    CREATED,
    CREATED,
    '2025-03-01T10:00:00.000Z',
    '2025-03-01T10:01:00.000Z',
    CREATED,
    CREATED,
    CREATED,
    CREATED,
    CREATED,
  ]);
  // In the list's order.
  expect(moved.map((r) => r.id)).toEqual([...moved.map((r) => r.id)].sort((a, b) => a - b));
  expect(of(both).map((r) => r.content)).toEqual(['na tabela']);
  expect(of(empty)).toEqual([]);
  expect(of(notAList)).toEqual([]);

  // The list itself is kept as it was.
  const [kept] = await queryRows<{ messages: unknown }>(
    db,
    sql`SELECT messages FROM conversations WHERE id = ${both}`,
  );
  expect(kept!.messages).toEqual([{ role: 'user', content: 'cópia antiga' }]);

  // Each conversation: its newest message and activity; everything before the inbox is read.
  const conversations = await queryRows<{
    id: number;
    last_message_id: number | null;
    last_activity_at: string;
    read: boolean;
    unread_count: number;
    notes: string;
    tags: string[];
    handed_over_at: string | null;
  }>(
    db,
    sql`SELECT id, last_message_id,
          to_char(last_activity_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
            AS last_activity_at,
          last_read_at IS NOT NULL AS read, unread_count, notes, to_jsonb(tags) AS tags,
          handed_over_at
        FROM conversations ORDER BY id`,
  );
  const last = (id: number) => of(id).at(-1)?.id ?? null;
  expect(conversations).toEqual([
    expect.objectContaining({
      id: plain,
      last_message_id: last(plain),
      last_activity_at: '2025-03-01T10:00:05.123Z',
    }),
    expect.objectContaining({
      id: mixed,
      last_message_id: last(mixed),
      last_activity_at: '2025-03-01T10:01:00.000Z',
    }),
    expect.objectContaining({ id: both, last_message_id: last(both), last_activity_at: CREATED }),
    expect.objectContaining({ id: empty, last_message_id: null, last_activity_at: CREATED }),
    expect.objectContaining({ id: notAList, last_message_id: null, last_activity_at: CREATED }),
  ]);
  for (const row of conversations) {
    expect(row).toMatchObject({ read: true, unread_count: 0, notes: '', tags: [] });
    expect(row.handed_over_at).toBeNull();
  }

  // Moved text is searchable like new text (Portuguese, accents aside).
  const found = await queryRows<{ conversation_id: number }>(
    db,
    sql`SELECT conversation_id FROM messages
        WHERE tsv @@ plainto_tsquery('portuguese', immutable_unaccent('pao de queijo'))`,
  );
  expect(found).toEqual([{ conversation_id: plain }]);

  // From now on the trigger keeps the columns, and the migration's helpers are gone.
  await db.execute(sql`INSERT INTO messages (conversation_id, role, content)
    VALUES (${empty}, 'user', 'Bom dia')`);
  const [after] = await queryRows<{ ok: boolean; unread_count: number }>(
    db,
    sql`SELECT last_message_id = (SELECT max(id) FROM messages WHERE conversation_id = ${empty})
          AS ok, unread_count
        FROM conversations WHERE id = ${empty}`,
  );
  expect(after).toEqual({ ok: true, unread_count: 1 });
  const helpers = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM pg_proc WHERE proname LIKE 'inbox_legacy_%'`,
  );
  expect(helpers[0]!.n).toBe(0);
});
