import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type AppDb } from '../../../../db/client';
import {
  agents,
  conversations,
  documentChunks,
  messages,
  whatsappSettings,
} from '../../../../db/schema';
import type { ChatTurn } from '../../../runtime';
import {
  customerAccessExpression,
  toCustomerAccess,
  type CustomerAccessRow,
} from '../../../subscriptions';
import { toSettings } from '../../settings.repo';

type MessageRow = typeof messages.$inferSelect;

/** What a turn answers and remembers (see `turnMessagesJson`). */
export interface TurnMessages {
  pending: Pick<MessageRow, 'id' | 'content' | 'kind' | 'gatewayMessageId'>[];
  memory: ChatTurn[];
}

/**
 * The turn's messages as one JSON value: the user messages waiting for an answer, oldest first,
 * and the memory window (the last `maxTurns` answered messages, oldest first): the customer's as
 * user turns, the agent's and a person's (replies from the inbox or typed on the phone) as
 * assistant turns — the business speaking — so after a handoff the agent knows what was said.
 */
const turnMessagesJson = (conversationId: SQL, maxTurns: number) =>
  sql<TurnMessages>`json_build_object(
    'pending', coalesce((SELECT json_agg(json_build_object('id', m.id, 'content', m.content,
        'kind', m.kind, 'gatewayMessageId', m.gateway_message_id) ORDER BY m.id)
      FROM messages m
      WHERE m.conversation_id = ${conversationId} AND m.role = 'user' AND m.status = 'pending'),
      '[]'::json),
    'memory', coalesce((SELECT json_agg(json_build_object('role',
          CASE WHEN w.role = 'user' THEN 'user' ELSE 'assistant' END, 'content', w.content)
        ORDER BY w.id)
      FROM (SELECT m.id, m.role, m.content FROM messages m
            WHERE m.conversation_id = ${conversationId} AND m.status = 'done'
            ORDER BY m.id DESC LIMIT ${maxTurns}) w
      WHERE w.role IN ('user', 'assistant', 'human')),
      '[]'::json))`;

/**
 * A reply job's starting point in one query: the conversation, its agent and the agent's WhatsApp
 * settings, and — only when no reply is under way (no plan on the conversation), since only a new
 * turn needs them — `newTurn`: whether the agent has anything indexed to search (documents or its
 * knowledge-base text), the owner's customer access (subscription and plan limits, read when
 * answering) and the turn's messages (`maxTurns` of memory); `newTurn` is null while a reply is
 * under way. Null when the conversation is gone (deleting an agent deletes its conversations).
 */
export async function loadTurnContext(db: AppDb, conversationId: number, maxTurns: number) {
  const newTurn = sql`jsonb_typeof(${conversations.metadata}->'plan') IS DISTINCT FROM 'object'`;
  const rows = await db
    .select({
      conversation: conversations,
      agent: agents,
      settings: whatsappSettings,
      hasKnowledge: sql<
        boolean | null
      >`CASE WHEN ${newTurn} THEN EXISTS (SELECT 1 FROM ${documentChunks}
        WHERE ${documentChunks.agentId} = ${conversations.agentId}) END`,
      access: sql<CustomerAccessRow | null>`CASE WHEN ${newTurn}
        THEN ${customerAccessExpression(sql`${agents.ownerId}`, sql`${agents.id}`)} END`,
      turn: sql<TurnMessages | null>`CASE WHEN ${newTurn}
        THEN ${turnMessagesJson(sql`${conversations.id}`, maxTurns)} END`,
    })
    .from(conversations)
    .innerJoin(agents, eq(agents.id, conversations.agentId))
    .leftJoin(whatsappSettings, eq(whatsappSettings.agentId, conversations.agentId))
    .where(eq(conversations.id, conversationId))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const { turn, access, hasKnowledge, ...rest } = row;
  return {
    ...rest,
    settings: toSettings(row.settings ?? undefined),
    newTurn:
      turn && access
        ? { turn, access: toCustomerAccess(access), hasKnowledge: hasKnowledge === true }
        : null,
  };
}

export type TurnContext = NonNullable<Awaited<ReturnType<typeof loadTurnContext>>>;

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
