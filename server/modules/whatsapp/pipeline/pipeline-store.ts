import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  DEFAULT_WHATSAPP_SETTINGS,
  type WhatsappEventType,
  type WhatsappSettings,
} from '../../../../common/schemas/whatsapp';
import type { AppDb } from '../../../db/client';
import { conversations, messages, whatsappEvents, whatsappSettings } from '../../../db/schema';

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

export async function loadSettings(db: AppDb, agentId: number): Promise<WhatsappSettings> {
  const rows = await db
    .select()
    .from(whatsappSettings)
    .where(eq(whatsappSettings.agentId, agentId))
    .limit(1);
  const row = rows[0];
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
        metadata: sql`coalesce(${conversations.metadata}, '{}'::jsonb) || ${JSON.stringify(patch)}::jsonb`,
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
    .set({
      metadata: sql`coalesce(${conversations.metadata}, '{}'::jsonb) || ${JSON.stringify({ plan })}::jsonb`,
    })
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
    const part = plan.parts[index]!;
    await tx
      .insert(messages)
      .values({
        conversationId,
        role: 'assistant',
        content: part.text,
        kind: part.kind,
        gatewayMessageId,
        status: 'done',
        ...(index === 0
          ? {
              inputTokens: plan.inputTokens,
              outputTokens: plan.outputTokens,
              latencyMs: plan.latencyMs,
            }
          : {}),
      })
      .onConflictDoNothing();
    const next: ReplyPlan = { ...plan, sent: index + 1, inflight: null };
    await tx
      .update(conversations)
      .set({
        updatedAt: new Date(),
        metadata: sql`coalesce(${conversations.metadata}, '{}'::jsonb) || ${JSON.stringify({ plan: next })}::jsonb`,
      })
      .where(eq(conversations.id, conversationId));
    return true;
  });
  return done === true;
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
