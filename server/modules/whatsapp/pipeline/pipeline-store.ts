import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_WHATSAPP_SETTINGS,
  type WhatsappEventType,
  type WhatsappSettings,
} from '../../../../common/schemas/whatsapp';
import { queryRows, type AppDb } from '../../../db/client';
import {
  customerAccessExpression,
  toCustomerAccess,
  type CustomerAccessRow,
} from '../../subscriptions';
import type { ChatTurn } from '../../runtime';
import {
  agents,
  conversations,
  documentChunks,
  messages,
  usageRecords,
  whatsappEvents,
  whatsappSettings,
} from '../../../db/schema';

/** Where a delivery came from: a per-agent instance or a registered gateway instance. */
export interface PipelineTarget {
  kind: 'agent' | 'registry';
  /** whatsapp_instances.id or evolution_instances.id */
  id: number;
  agentId: number;
  /** the instance name at the gateway (the envelope's `instance`) */
  instanceName: string;
}

/** What conversations.metadata holds for WhatsApp: where replies go and the turn in progress. */
export interface ReplyPlan {
  /** the user messages this turn answers */
  messageIds: number[];
  parts: { text: string; kind: 'text' | 'audio' }[];
  /** parts[0..sent) are out and recorded */
  sent: number;
  /** a part handed to the gateway whose answer we have not recorded yet (crash, time-out) */
  inflight: { index: number; at: number } | null;
  inputTokens: number;
  outputTokens: number;
  latencyMs: number;
}

export interface WhatsappMeta {
  target?: PipelineTarget;
  /** the JID replies go to (the phone JID of an @lid sender) */
  replyJid?: string;
  plan?: ReplyPlan | null;
}

export type ConversationRow = typeof conversations.$inferSelect;

export function metaOf(row: Pick<ConversationRow, 'metadata'>): WhatsappMeta {
  return row.metadata ?? {};
}

/** conversations.metadata with `patch`'s keys set (the other keys kept). */
const mergedMetadata = (patch: WhatsappMeta) =>
  sql`coalesce(${conversations.metadata}, '{}'::jsonb) || ${JSON.stringify(patch)}::jsonb`;

export async function loadSettings(db: AppDb, agentId: number): Promise<WhatsappSettings> {
  const rows = await db
    .select()
    .from(whatsappSettings)
    .where(eq(whatsappSettings.agentId, agentId))
    .limit(1);
  return settingsOf(rows[0]);
}

type MessageRow = typeof messages.$inferSelect;

/** What a turn answers and remembers (see `turnMessagesJson`). */
export interface TurnMessages {
  pending: Pick<MessageRow, 'id' | 'content' | 'kind' | 'gatewayMessageId'>[];
  memory: ChatTurn[];
}

/**
 * The turn's messages as one JSON value: the user messages waiting for an answer, oldest first,
 * and the memory window (of the last `maxTurns` answered messages, the user and assistant ones,
 * oldest first).
 */
const turnMessagesJson = (conversationId: SQL, maxTurns: number) =>
  sql<TurnMessages>`json_build_object(
    'pending', coalesce((SELECT json_agg(json_build_object('id', m.id, 'content', m.content,
        'kind', m.kind, 'gatewayMessageId', m.gateway_message_id) ORDER BY m.id)
      FROM messages m
      WHERE m.conversation_id = ${conversationId} AND m.role = 'user' AND m.status = 'pending'),
      '[]'::json),
    'memory', coalesce((SELECT json_agg(json_build_object('role', w.role, 'content', w.content)
        ORDER BY w.id)
      FROM (SELECT m.id, m.role, m.content FROM messages m
            WHERE m.conversation_id = ${conversationId} AND m.status = 'done'
            ORDER BY m.id DESC LIMIT ${maxTurns}) w
      WHERE w.role IN ('user', 'assistant')),
      '[]'::json))`;

/**
 * A reply job's starting point in one query: the conversation, its agent, the agent's WhatsApp
 * settings, whether it has anything indexed to search (documents or its knowledge-base text),
 * the owner's customer access (subscription and plan limits, read when answering) and the
 * turn's messages (`maxTurns` of memory).
 * Null when the conversation is gone (deleting an agent deletes its conversations).
 */
export async function loadTurnContext(db: AppDb, conversationId: number, maxTurns: number) {
  const rows = await db
    .select({
      conversation: conversations,
      agent: agents,
      settings: whatsappSettings,
      hasKnowledge: sql<boolean>`EXISTS (SELECT 1 FROM ${documentChunks}
        WHERE ${documentChunks.agentId} = ${conversations.agentId})`,
      access: sql<CustomerAccessRow>`${customerAccessExpression(sql`${agents.ownerId}`, sql`${agents.id}`)}`,
      turn: turnMessagesJson(sql`${conversations.id}`, maxTurns),
    })
    .from(conversations)
    .innerJoin(agents, eq(agents.id, conversations.agentId))
    .leftJoin(whatsappSettings, eq(whatsappSettings.agentId, conversations.agentId))
    .where(eq(conversations.id, conversationId))
    .limit(1);
  const row = rows[0];
  return row
    ? {
        ...row,
        settings: settingsOf(row.settings ?? undefined),
        access: toCustomerAccess(row.access),
      }
    : null;
}

function settingsOf(row: typeof whatsappSettings.$inferSelect | undefined): WhatsappSettings {
  if (!row) return DEFAULT_WHATSAPP_SETTINGS;
  return {
    allowGroups: row.allowGroups,
    takeoverMinutes: row.takeoverMinutes,
    pauseKeywords: row.pauseKeywords,
    resumeKeywords: row.resumeKeywords,
    debounceMs: row.debounceMs,
    voiceReply: row.voiceReply,
    unsupportedMessage: row.unsupportedMessage,
  };
}

export async function recordEvent(
  db: AppDb,
  target:
    | Pick<PipelineTarget, 'instanceName' | 'agentId'>
    | { instanceName: string; agentId: number | null },
  type: WhatsappEventType,
  detail: Record<string, unknown> | null = null,
): Promise<void> {
  await db.insert(whatsappEvents).values({
    instanceName: target.instanceName,
    agentId: target.agentId,
    type,
    detail,
  });
}

/** The contact's WhatsApp conversation, created on first contact; name and reply JID kept fresh. */
export async function upsertConversation(
  db: AppDb,
  input: {
    agentId: number;
    contactId: string;
    contactName: string | null;
    target: PipelineTarget;
    replyJid: string;
  },
): Promise<ConversationRow> {
  const patch = { target: input.target, replyJid: input.replyJid };
  const rows = await db
    .insert(conversations)
    .values({
      agentId: input.agentId,
      channel: 'whatsapp',
      contactId: input.contactId,
      contactName: input.contactName,
      metadata: patch,
    })
    .onConflictDoUpdate({
      target: [conversations.agentId, conversations.channel, conversations.contactId],
      set: {
        contactName: sql`coalesce(${input.contactName}::text, ${conversations.contactName})`,
        metadata: mergedMetadata(patch),
      },
    })
    .returning();
  return rows[0]!;
}

/** Runs `fn` with the conversation row locked, so the reply job and echoes never race. */
export async function withConversationLock<T>(
  db: AppDb,
  conversationId: number,
  fn: (tx: AppDb, row: ConversationRow) => Promise<T>,
): Promise<T | null> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(conversations)
      .where(eq(conversations.id, conversationId))
      .for('update');
    const row = rows[0];
    if (!row) return null;
    return fn(tx, row);
  });
}

export async function setPlan(db: AppDb, conversationId: number, plan: ReplyPlan | null) {
  await db
    .update(conversations)
    .set({ metadata: mergedMetadata({ plan }) })
    .where(eq(conversations.id, conversationId));
}

/**
 * A new turn's plan, and the usage record of the model call that made it, in one statement: the
 * record exists exactly when the plan does (a crash before this asks the model again).
 */
export async function storeNewPlan(
  db: AppDb,
  conversationId: number,
  plan: ReplyPlan,
  usage: typeof usageRecords.$inferInsert | null,
) {
  if (!usage) return setPlan(db, conversationId, plan);
  const recorded = db
    .$with('recorded')
    .as(db.insert(usageRecords).values(usage).returning({ id: usageRecords.id }));
  await db
    .with(recorded)
    .update(conversations)
    .set({ metadata: mergedMetadata({ plan }) })
    .where(eq(conversations.id, conversationId));
}

/**
 * Records part `index` of the plan as sent with its gateway id, once: by the reply job after
 * sendText answered, or by the gateway's echo of it when that came first.
 */
export async function recordSentPart(
  db: AppDb,
  conversationId: number,
  index: number,
  gatewayMessageId: string,
): Promise<boolean> {
  const done = await withConversationLock(db, conversationId, async (tx, row) => {
    const plan = metaOf(row).plan;
    if (!plan || plan.sent !== index) return false;
    await tx
      .insert(messages)
      .values(assistantPart(conversationId, plan, index, gatewayMessageId))
      .onConflictDoNothing();
    const next: ReplyPlan = { ...plan, sent: index + 1, inflight: null };
    await tx
      .update(conversations)
      .set({
        updatedAt: new Date(),
        metadata: mergedMetadata({ plan: next }),
      })
      .where(eq(conversations.id, conversationId));
    return true;
  });
  return done === true;
}

const assistantPart = (
  conversationId: number,
  plan: ReplyPlan,
  index: number,
  gatewayId: string,
) => {
  const part = plan.parts[index]!;
  return {
    conversationId,
    role: 'assistant',
    content: part.text,
    kind: part.kind,
    gatewayMessageId: gatewayId,
    status: 'done',
    ...(index === 0
      ? {
          inputTokens: plan.inputTokens,
          outputTokens: plan.outputTokens,
          latencyMs: plan.latencyMs,
        }
      : {}),
  } satisfies typeof messages.$inferInsert;
};

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
            input_tokens, output_tokens, latency_ms)
          SELECT id, 'assistant', plan->'parts'->${index}::int->>'text',
            plan->'parts'->${index}::int->>'kind', ${last?.gatewayMessageId ?? null}::text, 'done',
            CASE WHEN ${index}::int = 0 THEN (plan->>'inputTokens')::int END,
            CASE WHEN ${index}::int = 0 THEN (plan->>'outputTokens')::int END,
            CASE WHEN ${index}::int = 0 THEN (plan->>'latencyMs')::int END
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

/**
 * Whether the gateway's echo of our `text` to this target is stored but not read yet (a backlog
 * after a restart): the part went out, and the echo will record it.
 */
export async function echoWaiting(db: AppDb, target: PipelineTarget, text: string) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM webhook_inbox
        WHERE source = 'whatsapp' AND status = 'received'
          AND dedupe_key LIKE ${`msg:${target.kind}:${target.id}:%`}
          AND payload->>'event' = 'send.message'
          AND trim(payload->'data'->'message'->>'conversation') = ${text.trim()}
        LIMIT 1`,
  );
  return rows.length > 0;
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

/** Is this gateway id one of our recorded messages (sent by us, or already stored)? */
export async function gatewayIdKnown(db: AppDb, gatewayMessageId: string): Promise<boolean> {
  const rows = await db
    .select({ id: messages.id })
    .from(messages)
    .where(eq(messages.gatewayMessageId, gatewayMessageId))
    .limit(1);
  return rows.length > 0;
}
