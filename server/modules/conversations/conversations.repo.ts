import { and, desc, eq, sql } from 'drizzle-orm';
import type { InboxCitation } from '@common/schemas/inbox';
import type { AppDb } from '../../db/client';
import { conversations, messages } from '../../db/schema';
import type { ChatTurn } from '../runtime';
import { intArray } from '../../db/sql-arrays';

export type ConversationRow = typeof conversations.$inferSelect;

/**
 * Conversations are reached through their agent; callers pass an agent id they already checked
 * against the owner (the agents service does that).
 */
export async function getOrCreateConversation(
  db: AppDb,
  agentId: number,
  channel: string,
  contactId: string,
): Promise<ConversationRow> {
  const key = and(
    eq(conversations.agentId, agentId),
    eq(conversations.channel, channel),
    eq(conversations.contactId, contactId),
  );
  // Read first: the conversation exists on every turn but the first, and a read writes nothing.
  const found = await db.select().from(conversations).where(key).limit(1);
  if (found[0]) return found[0];
  const rows = await db
    .insert(conversations)
    .values({ agentId, channel, contactId })
    .onConflictDoUpdate({
      target: [conversations.agentId, conversations.channel, conversations.contactId],
      set: { updatedAt: sql`${conversations.updatedAt}` },
    })
    .returning();
  return rows[0]!;
}

/**
 * The memory window: the last `limit` answered messages, oldest first — the customer's as user
 * turns, the agent's and a person's (a reply from the inbox) as assistant turns, the business
 * speaking, so after a handoff the agent knows what the person said.
 */
export async function recentTurns(
  db: AppDb,
  conversationId: number,
  limit: number,
): Promise<ChatTurn[]> {
  const rows = await db
    .select({ role: messages.role, content: messages.content })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.status, 'done')))
    .orderBy(desc(messages.id))
    .limit(limit);
  return rows
    .reverse()
    .filter((r) => r.role === 'user' || r.role === 'assistant' || r.role === 'human')
    .map((r) => ({ role: r.role === 'user' ? 'user' : 'assistant', content: r.content }));
}

export interface NewMessage {
  role: 'user' | 'assistant' | 'human';
  content: string;
  gatewayMessageId?: string | null;
  inputTokens?: number | null;
  outputTokens?: number | null;
  latencyMs?: number | null;
  /** the passages an agent reply cited (none: null) */
  citations?: InboxCitation[] | null;
}

export async function appendMessages(
  db: AppDb,
  conversationId: number,
  list: NewMessage[],
): Promise<void> {
  if (list.length === 0) return;
  // One statement (one round trip): the messages and the conversation's activity time.
  const inserted = db.$with('inserted').as(
    db
      .insert(messages)
      .values(list.map((m) => ({ ...m, conversationId })))
      .returning({ id: messages.id }),
  );
  await db
    .with(inserted)
    .update(conversations)
    .set({ updatedAt: new Date() })
    .where(eq(conversations.id, conversationId));
}

export async function deleteConversation(
  db: AppDb,
  agentId: number,
  channel: string,
  contactId: string,
): Promise<void> {
  await db
    .delete(conversations)
    .where(
      and(
        eq(conversations.agentId, agentId),
        eq(conversations.channel, channel),
        eq(conversations.contactId, contactId),
      ),
    );
}

/**
 * The LGPD erasure of a person: their conversations, with every message, file, event and rollup
 * (the database's cascades), scoped by the owner.
 */
export async function eraseConversations(
  db: AppDb,
  ownerId: number,
  conversationIds: readonly number[],
) {
  if (conversationIds.length === 0) return;
  await db.execute(sql`DELETE FROM conversations c USING agents a
    WHERE a.id = c.agent_id AND a.owner_id = ${ownerId} AND c.id = ANY (${intArray(conversationIds)})`);
}
