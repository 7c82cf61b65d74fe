import type { InboxDelivery } from '@common/schemas/inbox';
import {
  messagesUpdateDataSchema,
  type ReceiptStatus,
} from '../../../../adapters/gateway/evolution-webhook';
import type { AppDb } from '../../../../db/client';
import type { DeliveryOutcome, InboxPayload, InboxRow } from '../store/store-inbox';
import { advanceDelivery } from '../../../conversations';

/**
 * What the inbox shows for each receipt status. A played voice note was heard, so it was read;
 * PENDING (not yet at WhatsApp's server) and ERROR say nothing the send itself did not.
 */
const DELIVERY_OF: Partial<Record<ReceiptStatus, InboxDelivery>> = {
  SERVER_ACK: 'sent',
  DELIVERY_ACK: 'delivered',
  READ: 'read',
  PLAYED: 'read',
};

/**
 * `messages.update`, a receipt: one of our outgoing messages (an agent's reply or a person's,
 * found by its gateway id among the agent's conversations) moves forward to sent, delivered or
 * read, never back. Receipts of the customer's own messages (our read marks), of groups and
 * anything we cannot match are recorded as ignored. The time is when the receipt reached us: it
 * carries none, and the envelope's clock is the gateway's local time mislabelled as UTC.
 */
export async function handleMessageReceipt(
  db: AppDb,
  payload: InboxPayload,
  row: InboxRow,
  changed: Set<number>,
): Promise<DeliveryOutcome> {
  const parsed = messagesUpdateDataSchema.safeParse(payload.data);
  if (!parsed.success) return { status: 'ignored', error: 'invalid' };
  const receipt = parsed.data;
  if (!receipt.fromMe) return { status: 'ignored', error: 'incoming' };
  if (receipt.remoteJid.endsWith('@g.us')) return { status: 'ignored', error: 'group' };
  if (!/@(s\.whatsapp\.net|lid)$/.test(receipt.remoteJid)) {
    return { status: 'ignored', error: 'jid' };
  }
  const delivery = DELIVERY_OF[receipt.status as ReceiptStatus];
  if (!delivery) return { status: 'ignored', error: 'status' };
  const advance = await advanceDelivery(db, {
    agentId: payload.target.agentId,
    gatewayMessageId: receipt.keyId,
    delivery,
    at: row.receivedAt,
  });
  switch (advance.result) {
    case 'changed':
      changed.add(advance.conversationId);
      return { status: 'done' };
    case 'unknown':
      return { status: 'ignored', error: 'unknown-message' };
    default:
      return { status: 'ignored', error: advance.result };
  }
}
