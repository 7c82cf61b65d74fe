import { sql } from 'drizzle-orm';
import { queryRows, type AppDb } from '../../db/client';
import { conversationEvents } from '../../db/schema';

/**
 * A conversation's events (conversation_events): what happened to its bot — pauses, handoffs,
 * resumes (the takeover rule), each out-of-hours notice (kind `out_of_hours`), the customer's
 * 'parar' to follow-ups — read by the reports and the rules that act once.
 */

/** Appends what happened to the conversation's bot (the reports read when a person stepped in). */
export async function recordConversationEvent(
  db: AppDb,
  conversationId: number,
  event: { kind: 'handoff' | 'pause' | 'resume'; by: string; until?: Date | null },
) {
  await db.insert(conversationEvents).values({
    conversationId,
    kind: event.kind,
    by: event.by,
    until: event.until ?? null,
  });
}

/**
 * Appends the event unless the conversation has one of the same kind and period (`until`, null
 * for an event without one): what happens once per conversation, or once per closed period.
 * Resolves to whether this call appended it.
 */
export async function appendEventOnce(
  db: AppDb,
  conversationId: number,
  event: { kind: string; by: string; until?: Date | null },
): Promise<boolean> {
  const until = event.until?.toISOString() ?? null;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO conversation_events (conversation_id, kind, by, until)
      SELECT ${conversationId}, ${event.kind}, ${event.by}, ${until}::timestamptz
      WHERE NOT EXISTS (SELECT 1 FROM conversation_events e
        WHERE e.conversation_id = ${conversationId} AND e.kind = ${event.kind}
          AND e.until IS NOT DISTINCT FROM ${until}::timestamptz)
      RETURNING id`,
  );
  return rows.length > 0;
}
