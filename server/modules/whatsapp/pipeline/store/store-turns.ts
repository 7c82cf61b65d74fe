import { eq, sql, type SQL } from 'drizzle-orm';
import type { AppDb } from '../../../../db/client';
import type { messages } from '../../../../db/schema';
import { agents, conversations, documentChunks, whatsappSettings } from '../../../../db/schema';
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
