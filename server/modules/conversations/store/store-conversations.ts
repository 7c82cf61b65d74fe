import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { AppDb } from '../../../db/client';
import { conversations, type usageRecords } from '../../../db/schema';
import { usageInsert } from '../../runtime';
import type { ConversationRow } from '../conversations.repo';
import { mergedMetadata, type PipelineTarget, type ReplyPlan } from './store-meta';

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

export async function readConversation(db: AppDb, id: number): Promise<ConversationRow | null> {
  const rows = await db.select().from(conversations).where(eq(conversations.id, id)).limit(1);
  return rows[0] ?? null;
}

/** The id of the agent's WhatsApp conversation with this contact, if there is one. */
export async function conversationIdOf(db: AppDb, agentId: number, contactId: string) {
  const rows = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.agentId, agentId),
        eq(conversations.channel, 'whatsapp'),
        eq(conversations.contactId, contactId),
      ),
    )
    .limit(1);
  return rows[0]?.id ?? null;
}

/** The conversation's metadata, or null when it is gone. */
export async function conversationMetadata(db: AppDb, id: number) {
  const rows = await db
    .select({ metadata: conversations.metadata })
    .from(conversations)
    .where(eq(conversations.id, id))
    .limit(1);
  return rows[0] ?? null;
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

/** No reply is due in the conversation; `touch` moves its updatedAt too. */
export async function clearReplyDue(db: AppDb, conversationId: number, touch = false) {
  await db
    .update(conversations)
    .set(touch ? { replyDueAt: null, updatedAt: new Date() } : { replyDueAt: null })
    .where(eq(conversations.id, conversationId));
}

/**
 * The reply is due at `at` (null: none): out of hours, the opening; the row keeps it, so the sweep
 * queues the turn then even if the job queued for it is lost with a restart.
 */
export async function setReplyDue(db: AppDb, conversationId: number, at: Date | null) {
  await db
    .update(conversations)
    .set({ replyDueAt: at })
    .where(eq(conversations.id, conversationId));
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
  const recorded = db.$with('recorded').as(usageInsert(db, usage));
  await db
    .with(recorded)
    .update(conversations)
    .set({ metadata: mergedMetadata({ plan }) })
    .where(eq(conversations.id, conversationId));
}

/** WhatsApp conversations whose reply was due before `before` (for the sweep). */
export async function overdueConversations(db: AppDb, before: Date, limit: number) {
  return db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.channel, 'whatsapp'),
        isNotNull(conversations.replyDueAt),
        lt(conversations.replyDueAt, before),
      ),
    )
    .limit(limit);
}
