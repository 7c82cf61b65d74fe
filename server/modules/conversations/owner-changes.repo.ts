import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { AppDb } from '../../db/client';
import { conversations, messages } from '../../db/schema';

/** What the owner's inbox changes on a conversation, asked of the core (it owns the rows). */

/** The owner's changes to a conversation: read state, notes, tags. */
export async function updateConversation(
  db: AppDb,
  conversationId: number,
  change: { read?: boolean | undefined; notes?: string | undefined; tags?: string[] | undefined },
): Promise<void> {
  const set: PgUpdateSetSource<typeof conversations> = {};
  if (change.read === true) Object.assign(set, { lastReadAt: sql`now()`, unreadCount: 0 });
  // Unread again: at least the newest message counts, as if it had just come in.
  if (change.read === false) set.unreadCount = sql`greatest(${conversations.unreadCount}, 1)`;
  if (change.notes !== undefined) set.notes = change.notes;
  if (change.tags !== undefined) set.tags = change.tags;
  if (Object.keys(set).length === 0) return;
  await db.update(conversations).set(set).where(eq(conversations.id, conversationId));
}

/**
 * A conversation's failed turns are due again: the customer's failed messages back to pending and
 * the reply due now. Resolves to whether any was failed (the channel then queues the reply).
 */
export async function retryFailedTurns(db: AppDb, conversationId: number): Promise<boolean> {
  const retried = await db
    .update(messages)
    .set({ status: 'pending', error: null })
    .where(
      and(
        eq(messages.conversationId, conversationId),
        eq(messages.role, 'user'),
        eq(messages.status, 'failed'),
      ),
    )
    .returning({ id: messages.id });
  if (retried.length === 0) return false;
  await db
    .update(conversations)
    .set({ replyDueAt: new Date() })
    .where(eq(conversations.id, conversationId));
  return true;
}
