import { sql } from 'drizzle-orm';
import { queryRows, type AppDb } from '../../db/client';
import { intArray, textArray } from '../../db/sql-arrays';

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
      WHERE a.owner_id = ${ownerId} AND c.id = ANY (${intArray(ids)})
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
        AND n.payload->>'conversationId' = ANY (${textArray(ids.map(String))})
      ORDER BY n.id`,
  );
}

/** The contact itself, last of an erasure (what was about them went first). */
export async function eraseContactRow(db: AppDb, ownerId: number, contactId: number) {
  await db.execute(sql`DELETE FROM contacts WHERE owner_id = ${ownerId} AND id = ${contactId}`);
}
