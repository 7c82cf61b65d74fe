import { sql } from 'drizzle-orm';
import { queryRows, type AppDb } from '../../db/client';

/**
 * Everything stored about one person (the LGPD export and erasure). The caller has checked the
 * contact is the owner's; every statement is scoped by the owner again all the same.
 */

export interface PersonConversation {
  id: number;
  channel: string;
  contact_id: string;
  reply_jid: string | null;
}

/** The contact's conversations: ids and the addresses the gateway knows the person by. */
export async function personConversations(
  db: AppDb,
  ownerId: number,
  contactId: number,
): Promise<PersonConversation[]> {
  return queryRows<PersonConversation>(
    db,
    sql`SELECT c.id, c.channel, c.contact_id, c.metadata->>'replyJid' AS reply_jid
      FROM conversations c JOIN agents a ON a.id = c.agent_id
      WHERE c.linked_contact_id = ${contactId} AND a.owner_id = ${ownerId}
      ORDER BY c.id`,
  );
}

const idList = (ids: readonly number[]) =>
  sql`ARRAY[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;
const textList = (items: readonly string[]) =>
  sql`ARRAY[${sql.join(
    items.map((item) => sql`${item}`),
    sql`, `,
  )}]::text[]`;

/** The conversations with every message (a file's name and type, not its bytes) and event. */
export async function exportConversations(db: AppDb, ownerId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return queryRows<Record<string, unknown>>(
    db,
    sql`SELECT c.id, c.agent_id AS "agentId", a.name AS "agentName", c.channel,
        c.contact_id AS "address", c.contact_name AS "name", c.notes, c.tags,
        c.created_at AS "createdAt", c.last_activity_at AS "lastActivityAt",
        coalesce((SELECT json_agg(json_build_object('id', m.id, 'role', m.role, 'kind', m.kind,
            'content', m.content, 'status', m.status, 'delivery', m.delivery,
            'transcription', m.media->>'transcription',
            'file', CASE WHEN f.message_id IS NULL THEN NULL ELSE json_build_object(
              'name', f.file_name, 'type', f.mimetype, 'size', f.size) END,
            'createdAt', m.created_at) ORDER BY m.id)
          FROM messages m LEFT JOIN message_files f ON f.message_id = m.id
          WHERE m.conversation_id = c.id), '[]'::json) AS messages,
        coalesce((SELECT json_agg(json_build_object('kind', e.kind, 'by', e.by, 'until', e.until,
            'createdAt', e.created_at) ORDER BY e.id)
          FROM conversation_events e WHERE e.conversation_id = c.id), '[]'::json) AS events,
        coalesce((SELECT json_agg(json_build_object('question', q.question, 'reason', q.reason,
            'createdAt', q.created_at) ORDER BY q.id)
          FROM unanswered_questions q WHERE q.conversation_id = c.id), '[]'::json)
          AS "unansweredQuestions"
      FROM conversations c JOIN agents a ON a.id = c.agent_id
      WHERE a.owner_id = ${ownerId} AND c.id = ANY (${idList(ids)})
      ORDER BY c.id`,
  );
}

/** The owner's notifications about these conversations. */
export async function exportNotifications(db: AppDb, ownerId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return queryRows<Record<string, unknown>>(
    db,
    sql`SELECT n.kind, n.payload->>'subject' AS subject,
        (n.payload->>'conversationId') AS "conversationId", n.created_at AS "createdAt"
      FROM notifications n
      WHERE n.owner_id = ${ownerId}
        AND n.payload->>'conversationId' = ANY (${textList(ids.map(String))})
      ORDER BY n.id`,
  );
}

/**
 * LIKE patterns that find the person's address in a stored webhook delivery (JSON text): every
 * spelling of their phone, and any JID of theirs, each as a whole JSON string or its user part.
 */
export function addressPatterns(phones: readonly string[], jids: readonly string[]): string[] {
  const literal = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
  return [
    ...phones.map((phone) => `%"${literal(phone)}@%`),
    ...jids.map((jid) => `%"${literal(jid)}"%`),
  ];
}

/**
 * Deletes what is about the person outside their conversations, before the conversations go:
 * notifications and live events naming them, open question groups only they asked, webhook
 * deliveries and the built-in simulator's copies of their messages.
 */
export async function eraseAround(
  db: AppDb,
  ownerId: number,
  ids: readonly number[],
  address: { phones: readonly string[]; jids: readonly string[] },
) {
  if (ids.length > 0) {
    const idTexts = textList(ids.map(String));
    await db.execute(sql`DELETE FROM notifications
      WHERE owner_id = ${ownerId} AND payload->>'conversationId' = ANY (${idTexts})`);
    await db.execute(sql`DELETE FROM owner_events
      WHERE owner_id = ${ownerId} AND (payload->>'conversationId' = ANY (${idTexts})
        OR payload->'notification'->>'conversationId' = ANY (${idTexts}))`);
    // A group of unanswered questions is worded as its latest question: once the person's are
    // gone it takes the latest of the others', or goes with them when it has no other (answered
    // groups stay: their wording is the owner's knowledge document now).
    await db.execute(sql`WITH theirs AS (
        DELETE FROM unanswered_questions
        WHERE owner_id = ${ownerId} AND conversation_id = ANY (${idList(ids)})
        RETURNING group_id)
      DELETE FROM unanswered_groups g
      WHERE g.owner_id = ${ownerId} AND g.answered_at IS NULL AND g.id IN (SELECT group_id FROM theirs)
        AND NOT EXISTS (SELECT 1 FROM unanswered_questions q
          WHERE q.group_id = g.id AND q.conversation_id <> ALL (${idList(ids)}))`);
    await db.execute(sql`UPDATE unanswered_groups g
      SET question = (SELECT q.question FROM unanswered_questions q
        WHERE q.group_id = g.id ORDER BY q.id DESC LIMIT 1)
      WHERE g.owner_id = ${ownerId} AND g.answered_at IS NULL
        AND EXISTS (SELECT 1 FROM unanswered_questions q WHERE q.group_id = g.id)
        AND g.question <> (SELECT q.question FROM unanswered_questions q
          WHERE q.group_id = g.id ORDER BY q.id DESC LIMIT 1)`);
  }
  const patterns = addressPatterns(address.phones, address.jids);
  if (patterns.length === 0) return;
  await db.execute(sql`DELETE FROM webhook_inbox w
    WHERE w.source = 'whatsapp'
      AND w.payload->'target'->>'agentId' IN (SELECT a.id::text FROM agents a WHERE a.owner_id = ${ownerId})
      AND w.payload::text LIKE ANY (${textList(patterns)})`);
  const jids = [...address.jids, ...address.phones.map((phone) => `${phone}@s.whatsapp.net`)];
  await db.execute(sql`DELETE FROM simulator_messages s
    WHERE s.instance_name IN (SELECT wi.instance_name FROM whatsapp_instances wi
        JOIN agents a ON a.id = wi.agent_id WHERE a.owner_id = ${ownerId})
      AND s.remote_jid = ANY (${textList(jids)})`);
}

/** The conversations (their messages, files, events and rollups go with them) and the contact. */
export async function eraseConversationsAndContact(
  db: AppDb,
  ownerId: number,
  contactId: number,
  ids: readonly number[],
) {
  if (ids.length > 0) {
    await db.execute(sql`DELETE FROM conversations c USING agents a
      WHERE a.id = c.agent_id AND a.owner_id = ${ownerId} AND c.id = ANY (${idList(ids)})`);
  }
  await db.execute(sql`DELETE FROM contacts WHERE owner_id = ${ownerId} AND id = ${contactId}`);
}
