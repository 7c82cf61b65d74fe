import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { databaseBefore, type DatabaseBefore } from '../test/migration-helpers';
import { queryRows, type AppDb } from './client';
import { runMigrations } from './migrate';

/** A database with the schema as it was before contacts (up to 0019), holding conversations. */
let before: DatabaseBefore;

beforeAll(async () => {
  before = await databaseBefore(20);
});

afterAll(async () => {
  await before?.close();
});

async function owner(db: AppDb, name: string) {
  const [user] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO users (username, password_hash, name, email)
      VALUES (${name}, 'x', ${name}, ${`${name}@example.com`}) RETURNING id`,
  );
  const agent = async (agentName: string) =>
    (
      await queryRows<{ id: number }>(
        db,
        sql`INSERT INTO agents (owner_id, name, system_prompt)
          VALUES (${user!.id}, ${agentName}, 'Atenda.') RETURNING id`,
      )
    )[0]!.id;
  return { id: user!.id, agent };
}

async function conversation(
  db: AppDb,
  agentId: number,
  channel: string,
  contactId: string,
  more: { name?: string; tags?: string[]; notes?: string; messages?: string[] } = {},
) {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO conversations (agent_id, channel, contact_id, contact_name, tags, notes)
      VALUES (${agentId}, ${channel}, ${contactId}, ${more.name ?? null},
        ${`{${(more.tags ?? []).join(',')}}`}::text[], ${more.notes ?? ''})
      RETURNING id`,
  );
  for (const role of more.messages ?? []) {
    await db.execute(sql`INSERT INTO messages (conversation_id, role, content)
      VALUES (${row!.id}, ${role}, 'oi')`);
  }
  return row!.id;
}

it('migration 0020 gives every customer conversation a contact: one per phone across agents, one per visitor, none for test chats', async () => {
  const db = before.database.db;
  const dona = await owner(db, 'dona');
  const padaria = await dona.agent('Padaria');
  const cafe = await dona.agent('Café');
  const outra = await owner(db, 'outra');
  const outraAgent = await outra.agent('Loja');

  const ana1 = await conversation(db, padaria, 'whatsapp', '5511900000001', {
    name: 'Ana',
    tags: ['vip'],
    notes: 'Prefere manhãs.',
    messages: ['user', 'assistant'],
  });
  const ana2 = await conversation(db, cafe, 'whatsapp', '5511900000001', {
    tags: ['café', 'vip'],
    notes: 'Sem açúcar.',
    messages: ['user'],
  });
  const visitor = await conversation(db, cafe, 'webchat', 'visitante-123', { messages: ['user'] });
  const lid = await conversation(db, padaria, 'whatsapp', '123456789@lid');
  const test = await conversation(db, padaria, 'test', String(dona.id));
  const sameNumberElsewhere = await conversation(db, outraAgent, 'whatsapp', '5511900000001');

  await runMigrations(before.database);

  const contacts = await queryRows<{
    id: number;
    owner_id: number;
    key: string;
    name: string | null;
    phone: string | null;
    stage: string;
    tags: string[];
    notes: string;
  }>(db, sql`SELECT id, owner_id, key, name, phone, stage, tags, notes FROM contacts ORDER BY id`);
  const byKey = (ownerId: number, key: string) =>
    contacts.find((c) => c.owner_id === ownerId && c.key === key)!;
  expect(contacts).toHaveLength(4);
  expect(byKey(dona.id, 'phone:5511900000001')).toMatchObject({
    name: 'Ana',
    phone: '5511900000001',
    stage: 'em_atendimento',
    tags: ['café', 'vip'],
    notes: 'Prefere manhãs.\n\nSem açúcar.',
  });
  expect(byKey(dona.id, 'webchat:visitante-123')).toMatchObject({ phone: null, stage: 'novo' });
  expect(byKey(dona.id, 'whatsapp:123456789@lid')).toMatchObject({ phone: null, stage: 'novo' });
  expect(byKey(outra.id, 'phone:5511900000001')).toMatchObject({ name: null, stage: 'novo' });

  const links = new Map(
    (
      await queryRows<{ id: number; linked_contact_id: number | null }>(
        db,
        sql`SELECT id, linked_contact_id FROM conversations`,
      )
    ).map((r) => [r.id, r.linked_contact_id]),
  );
  expect(links.get(ana1)).toBe(byKey(dona.id, 'phone:5511900000001').id);
  expect(links.get(ana2)).toBe(byKey(dona.id, 'phone:5511900000001').id);
  expect(links.get(visitor)).toBe(byKey(dona.id, 'webchat:visitante-123').id);
  expect(links.get(lid)).toBe(byKey(dona.id, 'whatsapp:123456789@lid').id);
  expect(links.get(test)).toBeNull();
  expect(links.get(sameNumberElsewhere)).toBe(byKey(outra.id, 'phone:5511900000001').id);

  // After the migration the trigger links new conversations: a third agent's chat with Ana joins
  // her contact, and its first answer leaves a contact already further along where it is.
  const loja = await dona.agent('Loja');
  const ana3 = await conversation(db, loja, 'whatsapp', '5511900000001', {
    messages: ['user', 'assistant'],
  });
  const [linked] = await queryRows<{ linked_contact_id: number }>(
    db,
    sql`SELECT linked_contact_id FROM conversations WHERE id = ${ana3}`,
  );
  expect(linked!.linked_contact_id).toBe(byKey(dona.id, 'phone:5511900000001').id);
  const newVisitor = await conversation(db, loja, 'webchat', 'visitante-456', {
    messages: ['user', 'assistant'],
  });
  const [fresh] = await queryRows<{ stage: string; key: string }>(
    db,
    sql`SELECT ct.stage, ct.key FROM contacts ct
      JOIN conversations c ON c.linked_contact_id = ct.id WHERE c.id = ${newVisitor}`,
  );
  expect(fresh).toEqual({ stage: 'em_atendimento', key: 'webchat:visitante-456' });
});

it('migration 0022 keeps the agent off names the owner typed: a name no conversation carries is the owner’s', async () => {
  const upTo21 = await databaseBefore(22);
  try {
    const db = upTo21.database.db;
    const dona = await owner(db, 'dona21');
    const padaria = await dona.agent('Padaria');
    await conversation(db, padaria, 'whatsapp', '5511900000002', { name: 'Bia' });
    await conversation(db, padaria, 'whatsapp', '5511900000003', { name: 'Cacá' });
    await conversation(db, padaria, 'webchat', 'visitante-789');
    // The owner renamed the second contact in the Contacts section.
    await db.execute(
      sql`UPDATE contacts SET name = 'Carla Dias' WHERE key = 'phone:5511900000003'`,
    );

    await runMigrations(upTo21.database);

    const rows = await queryRows<{ key: string; name: string | null; name_by: string }>(
      db,
      sql`SELECT key, name, name_by FROM contacts ORDER BY key`,
    );
    expect(rows).toEqual([
      { key: 'phone:5511900000002', name: 'Bia', name_by: 'channel' },
      { key: 'phone:5511900000003', name: 'Carla Dias', name_by: 'owner' },
      { key: 'webchat:visitante-789', name: null, name_by: 'channel' },
    ]);
  } finally {
    await upTo21.close();
  }
});
