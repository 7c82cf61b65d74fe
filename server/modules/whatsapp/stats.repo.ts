import { sql } from 'drizzle-orm';
import { queryRows, type AppDb } from '../../db/client';

/** Midnight of today in São Paulo (STYLE rule 8: stored in UTC, "today" is the owner's day). */
const TODAY_START = sql`(date_trunc('day', now() AT TIME ZONE 'America/Sao_Paulo') AT TIME ZONE 'America/Sao_Paulo')`;

export interface MessageFigures {
  messagesIn: number;
  messagesOut: number;
  contacts: number;
  failed: number;
  avgReplyMs: number | null;
  connectionEvents: number;
}

/**
 * Today's WhatsApp figures of one agent (the caller checked the owner), from the messages of its
 * 'whatsapp' conversations and its stored events, in one round trip.
 * - in: customer messages (role user) not ignored; out: our replies (role assistant);
 * - failed: customer messages whose turn failed after the last retry;
 * - reply time: for each customer message answered, the time until the FIRST assistant message
 *   after it in the same conversation (so a debounced burst counts each message's real wait).
 */
export async function todayFigures(db: AppDb, agentId: number): Promise<MessageFigures> {
  const [row] = await queryRows<Record<keyof MessageFigures, string | number | null>>(
    db,
    sql`
    WITH today AS (
      SELECT m.id, m.conversation_id, m.role, m.status, m.created_at, c.contact_id
      FROM messages m JOIN conversations c ON c.id = m.conversation_id
      WHERE c.agent_id = ${agentId} AND c.channel = 'whatsapp' AND m.created_at >= ${TODAY_START}
    )
    SELECT
      (SELECT count(*) FROM today WHERE role = 'user' AND status <> 'ignored') AS "messagesIn",
      (SELECT count(*) FROM today WHERE role = 'assistant') AS "messagesOut",
      (SELECT count(DISTINCT contact_id) FROM today WHERE role = 'user' AND status <> 'ignored')
        AS "contacts",
      (SELECT count(*) FROM today WHERE role = 'user' AND status = 'failed') AS "failed",
      (SELECT avg(extract(epoch FROM (r.created_at - t.created_at)) * 1000)
         FROM today t
         CROSS JOIN LATERAL (
           SELECT created_at FROM messages r
           WHERE r.conversation_id = t.conversation_id AND r.role = 'assistant' AND r.id > t.id
           ORDER BY r.id LIMIT 1
         ) r
         WHERE t.role = 'user' AND t.status <> 'ignored') AS "avgReplyMs",
      (SELECT count(*) FROM whatsapp_events
         WHERE agent_id = ${agentId} AND type = 'connection' AND created_at >= ${TODAY_START})
        AS "connectionEvents"
  `,
  );
  if (!row) throw new Error('stats query returned no row');
  return {
    messagesIn: Number(row.messagesIn),
    messagesOut: Number(row.messagesOut),
    contacts: Number(row.contacts),
    failed: Number(row.failed),
    avgReplyMs: row.avgReplyMs === null ? null : Math.round(Number(row.avgReplyMs)),
    connectionEvents: Number(row.connectionEvents),
  };
}
