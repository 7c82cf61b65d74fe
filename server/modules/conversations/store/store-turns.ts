import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type AppDb } from '../../../db/client';
import { messages } from '../../../db/schema';

/**
 * The turn's last part is out. In one statement (so atomically, with the conversation row
 * locked like withConversationLock): record that part (`last`, unless its echo did), mark the
 * turn's messages done and clear the plan; the due time stays only while other messages wait.
 * Resolves to whether they do (and their due time), or null when the conversation is gone.
 */
export async function finishTurn(
  db: AppDb,
  conversationId: number,
  last: { index: number; gatewayMessageId: string } | null,
): Promise<{ more: boolean; dueAt: Date | null } | null> {
  const index = last?.index ?? -1;
  const rows = await queryRows<{ due_at: string | null; more: boolean }>(
    db,
    sql`WITH conv AS (
          SELECT id, metadata->'plan' AS plan FROM conversations
          WHERE id = ${conversationId} FOR UPDATE
        ),
        recorded AS (
          INSERT INTO messages (conversation_id, role, content, kind, gateway_message_id, status,
            input_tokens, output_tokens, latency_ms, citations)
          SELECT id, 'assistant', plan->'parts'->${index}::int->>'text',
            plan->'parts'->${index}::int->>'kind', ${last?.gatewayMessageId ?? null}::text, 'done',
            CASE WHEN ${index}::int = 0 THEN (plan->>'inputTokens')::int END,
            CASE WHEN ${index}::int = 0 THEN (plan->>'outputTokens')::int END,
            CASE WHEN ${index}::int = 0 THEN (plan->>'latencyMs')::int END,
            CASE WHEN ${index}::int = 0 AND jsonb_array_length(CASE
                WHEN jsonb_typeof(plan->'citations') = 'array' THEN plan->'citations'
                ELSE '[]'::jsonb END) > 0
              THEN plan->'citations' END
          FROM conv
          WHERE jsonb_typeof(plan) = 'object' AND (plan->>'sent')::int = ${index}::int
            AND ${index}::int >= 0 AND ${index}::int < jsonb_array_length(plan->'parts')
          ON CONFLICT DO NOTHING
        ),
        answered AS (
          UPDATE messages SET status = 'done', error = NULL
          WHERE conversation_id = ${conversationId} AND id IN (
            SELECT jsonb_array_elements_text(plan->'messageIds')::int FROM conv
            WHERE jsonb_typeof(plan) = 'object')
          RETURNING id
        ),
        waiting AS (
          SELECT EXISTS (SELECT 1 FROM messages m
            WHERE m.conversation_id = ${conversationId} AND m.role = 'user' AND m.status = 'pending'
              AND m.id NOT IN (SELECT id FROM answered)) AS more
        )
        UPDATE conversations c SET updated_at = now(),
          metadata = coalesce(c.metadata, '{}'::jsonb) || '{"plan":null}'::jsonb,
          reply_due_at = CASE WHEN (SELECT more FROM waiting) THEN c.reply_due_at END
        FROM conv WHERE c.id = conv.id
        RETURNING c.reply_due_at AS due_at, (SELECT more FROM waiting) AS more`,
  );
  const row = rows[0];
  if (!row) return null;
  return { more: row.more, dueAt: row.due_at === null ? null : new Date(row.due_at) };
}

export async function pendingUserMessages(db: AppDb, conversationId: number) {
  return db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        eq(messages.role, 'user'),
        eq(messages.status, 'pending'),
      ),
    )
    .orderBy(asc(messages.id));
}

export async function setMessagesStatus(
  db: AppDb,
  ids: number[],
  status: 'done' | 'failed' | 'pending' | 'ignored',
  error: string | null = null,
) {
  if (ids.length === 0) return;
  await db.update(messages).set({ status, error }).where(inArray(messages.id, ids));
}
