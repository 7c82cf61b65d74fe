import type { InboxDelivery } from '@common/schemas/inbox';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { AppDb } from '../../../db/client';
import { conversations, messages } from '../../../db/schema';

/** How far a message has gone: a receipt never takes it back (a late DELIVERY_ACK after READ). */
const RANK: Record<InboxDelivery, number> = { sent: 1, delivered: 2, read: 3 };

const rankOf = (column: typeof messages.delivery) =>
  sql<number>`CASE ${column} WHEN 'sent' THEN 1 WHEN 'delivered' THEN 2 WHEN 'read' THEN 3 ELSE 0 END`;

/** What a receipt did to the message it names. */
export type DeliveryAdvance =
  | { result: 'unknown' }
  /** the message is the customer's: receipts of what they sent are not shown */
  | { result: 'incoming' }
  /** the message already had this state or a later one */
  | { result: 'stale' }
  | { result: 'changed'; conversationId: number };

/**
 * A receipt for gateway message `gatewayMessageId` among the agent's WhatsApp conversations:
 * an outgoing message (the agent's or a person's) moves forward to `delivery`, at `at`. The
 * condition is in the UPDATE itself, so receipts handled at the same time cannot move it back.
 */
export async function advanceDelivery(
  db: AppDb,
  input: { agentId: number; gatewayMessageId: string; delivery: InboxDelivery; at: Date },
): Promise<DeliveryAdvance> {
  const found = await db
    .select({ id: messages.id, role: messages.role, conversationId: messages.conversationId })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        eq(conversations.agentId, input.agentId),
        eq(conversations.channel, 'whatsapp'),
        eq(messages.gatewayMessageId, input.gatewayMessageId),
      ),
    )
    .limit(1);
  const message = found[0];
  if (!message) return { result: 'unknown' };
  if (message.role === 'user') return { result: 'incoming' };
  const updated = await db
    .update(messages)
    .set({ delivery: input.delivery, deliveryAt: input.at })
    .where(
      and(
        eq(messages.id, message.id),
        or(isNull(messages.delivery), lt(rankOf(messages.delivery), RANK[input.delivery])),
      ),
    )
    .returning({ id: messages.id });
  if (updated.length === 0) return { result: 'stale' };
  return { result: 'changed', conversationId: message.conversationId };
}

/**
 * What Meta bills for one of our messages on the official line (its status webhook's `pricing`,
 * with the recipient's market): kept on the message for the reports to price. Statuses repeat it
 * (on `sent`, then `delivered` or `read`): the last one is kept, as they agree.
 */
export async function recordChannelPricing(
  db: AppDb,
  input: {
    agentId: number;
    gatewayMessageId: string;
    pricing: { category: string | null; type: string | null; country: string | null };
  },
) {
  await db
    .update(messages)
    .set({ channelPricing: input.pricing })
    .where(
      and(
        eq(messages.gatewayMessageId, input.gatewayMessageId),
        sql`${messages.conversationId} IN (SELECT ${conversations.id} FROM ${conversations}
          WHERE ${conversations.agentId} = ${input.agentId} AND ${conversations.channel} = 'whatsapp')`,
      ),
    );
}
