import { and, eq, exists, isNull, sql } from 'drizzle-orm';
import type { AppDb } from '../../../db/client';
import { conversations, messages, type MessageMedia } from '../../../db/schema';
import { withConversationLock } from './store-conversations';
import { mergedMetadata, metaOf, type ReplyPlan } from './store-meta';

/** A message as the pipeline stores it: its text (or caption), kind and media (audio, image). */
export interface StoredContent {
  content: string;
  kind: string;
  media?: MessageMedia | null;
}

/**
 * A customer's message, stored once (a redelivery stores nothing). While the bot is paused
 * (`dueAt` null) it is part of the transcript, done; otherwise it waits for a turn and, in the
 * same statement, the conversation's reply is due at `dueAt`. Resolves to whether it was new.
 */
export async function storeCustomerMessage(
  db: AppDb,
  conversationId: number,
  message: StoredContent & { gatewayMessageId: string },
  dueAt: Date | null,
): Promise<boolean> {
  const storedMessage = db.$with('stored').as(
    db
      .insert(messages)
      .values({
        conversationId,
        role: 'user',
        content: message.content,
        kind: message.kind,
        media: message.media ?? null,
        gatewayMessageId: message.gatewayMessageId,
        status: dueAt ? 'pending' : 'done',
      })
      .onConflictDoNothing()
      .returning({ id: messages.id }),
  );
  if (!dueAt) {
    const rows = await db.with(storedMessage).select().from(storedMessage);
    return rows.length > 0;
  }
  const scheduled = await db
    .with(storedMessage)
    .update(conversations)
    .set({ replyDueAt: dueAt, updatedAt: new Date() })
    .where(and(eq(conversations.id, conversationId), exists(db.select().from(storedMessage))))
    .returning({ id: conversations.id });
  return scheduled.length > 0;
}

/** What the owner typed on the phone, stored once. Resolves to whether it was new. */
export async function storeOwnerMessage(
  db: AppDb,
  conversationId: number,
  message: StoredContent & { gatewayMessageId: string },
): Promise<boolean> {
  const inserted = await db
    .insert(messages)
    .values({
      conversationId,
      role: 'human',
      content: message.content,
      kind: message.kind,
      media: message.media ?? null,
      gatewayMessageId: message.gatewayMessageId,
      status: 'done',
    })
    .onConflictDoNothing()
    .returning({ id: messages.id });
  return inserted.length > 0;
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

/** An audio message's transcript becomes its content (a retry does not transcribe again). */
export async function storeTranscript(db: AppDb, messageId: number, transcript: string) {
  await db.update(messages).set({ content: transcript }).where(eq(messages.id, messageId));
}

/**
 * Records part `index` of the plan as sent with its gateway id, once: by the reply job after
 * sendText answered, or by the gateway's echo of it when that came first. The reply job also
 * says what comes next (`then`), even when the echo recorded the part first: the next part is due
 * at `nextAt`, or (`sendNow`) it goes at once and is marked in flight here, in the same
 * transaction. Resolves to the plan as recorded by this call, or null when this call changed
 * nothing (the plan is gone — a person took over — or the part was recorded already).
 */
export async function recordSentPart(
  db: AppDb,
  conversationId: number,
  index: number,
  gatewayMessageId: string,
  then?: { nextAt: number } | { sendNow: true },
): Promise<ReplyPlan | null> {
  return withConversationLock(db, conversationId, async (tx, row) => {
    const plan = metaOf(row).plan;
    if (!plan) return null;
    const recordedByEcho = plan.sent === index + 1 && then !== undefined;
    if (plan.sent !== index && !recordedByEcho) return null;
    if (!recordedByEcho) {
      await tx
        .insert(messages)
        .values(assistantPart(conversationId, plan, index, gatewayMessageId))
        .onConflictDoNothing();
    }
    const next: ReplyPlan = {
      ...plan,
      sent: index + 1,
      inflight: then && 'sendNow' in then ? { index: index + 1, at: Date.now() } : null,
      ...(then && 'nextAt' in then ? { nextAt: then.nextAt } : {}),
    };
    await tx
      .update(conversations)
      .set({
        updatedAt: new Date(),
        metadata: mergedMetadata({ plan: next }),
      })
      .where(eq(conversations.id, conversationId));
    return next;
  });
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
          citations: plan.citations?.length ? plan.citations : null,
        }
      : {}),
  } satisfies typeof messages.$inferInsert;
};

/** Records the message as sent with this gateway id, unless one is recorded already. */
export async function claimGatewayId(
  db: AppDb,
  messageId: number,
  gatewayMessageId: string,
): Promise<boolean> {
  const claimed = await db
    .update(messages)
    .set({ gatewayMessageId, status: 'done', error: null })
    .where(and(eq(messages.id, messageId), isNull(messages.gatewayMessageId)))
    .returning({ id: messages.id });
  return claimed.length > 0;
}

/**
 * When the customer last wrote in this conversation (their newest message), or null: WhatsApp's
 * official line lets free-form messages through only within 24 hours of it.
 */
export async function lastCustomerMessageAt(db: AppDb, conversationId: number): Promise<Date | null> {
  const rows = await db
    .select({ at: sql<Date | string | null>`max(${messages.createdAt})` })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.role, 'user')));
  const at = rows[0]?.at ?? null;
  return at === null ? null : new Date(at);
}
