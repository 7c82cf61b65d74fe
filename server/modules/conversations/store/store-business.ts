import { and, eq, isNull, sql } from 'drizzle-orm';
import type { MessageOrigin } from '@common/schemas/inbox';
import type { AppDb } from '../../../db/client';
import { conversations, messages } from '../../../db/schema';
import { mergedMetadata, type PipelineTarget } from './store-meta';

/**
 * A message the business starts outside any turn (a reminder, a follow-up): stored pending, as the
 * agent's, before its channel sends it; marked failed when it will not be sent.
 */

/**
 * Stores `text` for the contact `contactId` of the agent's `channel`, in their conversation —
 * created when the customer never wrote (a booking from the page or the dashboard). An existing
 * conversation keeps where its replies go (an @lid contact's JID); one without a target (never
 * reached on the channel) gets `meta`.
 */
export async function storeBusinessMessage(
  db: AppDb,
  input: {
    agentId: number;
    channel: string;
    contactId: string;
    contactName: string | null;
    /** where the conversation's replies go, for one that has no target yet */
    meta: { target: PipelineTarget; replyJid: string };
    text: string;
    origin: MessageOrigin;
  },
): Promise<{ conversationId: number; messageId: number }> {
  const [conversation] = await db
    .insert(conversations)
    .values({
      agentId: input.agentId,
      channel: input.channel,
      contactId: input.contactId,
      contactName: input.contactName,
      metadata: input.meta,
    })
    .onConflictDoUpdate({
      target: [conversations.agentId, conversations.channel, conversations.contactId],
      set: {
        metadata: sql`CASE WHEN ${conversations.metadata} ? 'target' THEN ${conversations.metadata}
          ELSE ${mergedMetadata(input.meta)} END`,
      },
    })
    .returning({ id: conversations.id });
  const messageId = await insertBusinessMessage(db, conversation!.id, input.text, input.origin);
  return { conversationId: conversation!.id, messageId };
}

/**
 * Stores `text` as the agent's in an existing conversation, pending its send (or 'done' on a
 * channel where storing it is delivering it: the widget's history); resolves to its id.
 */
export async function insertBusinessMessage(
  db: AppDb,
  conversationId: number,
  text: string,
  origin: MessageOrigin,
  status: 'pending' | 'done' = 'pending',
): Promise<number> {
  const [message] = await db
    .insert(messages)
    .values({ conversationId, role: 'assistant', content: text, kind: 'text', status, origin })
    .returning({ id: messages.id });
  return message!.id;
}

/** A stored message that will not be sent (too late now): marked failed, with why. */
export async function abandonMessage(db: AppDb, messageId: number, error: string) {
  await db
    .update(messages)
    .set({ status: 'failed', error })
    .where(and(eq(messages.id, messageId), isNull(messages.gatewayMessageId)));
}
