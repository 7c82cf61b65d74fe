import type { WhatsappSettings } from '@common/schemas/whatsapp';
import type { AppDb } from '../../../../db/client';
import type { InboundMessage } from '../../inbound-message';
import type { DeliveryOutcome } from '../store/store-inbox';
import {
  upsertConversation,
  type PipelineTarget,
  storeCustomerMessage,
  type StoredContent,
  botQuiet,
} from '../../../conversations';

/** A message as it is stored: its text (a caption, a marker for what the bot cannot read). */
export function storedContent(message: InboundMessage): StoredContent {
  const c = message.content;
  switch (c.kind) {
    case 'text':
      return { content: c.text, kind: 'text' };
    case 'audio':
      return { content: '', kind: 'audio', media: { mimetype: c.mimetype } };
    case 'image':
      return { content: c.caption ?? '', kind: 'image', media: { mimetype: c.mimetype } };
    default:
      return { content: `[${c.messageType}]`, kind: 'unsupported' };
  }
}

/** The contact's conversation on this target, created on first contact. */
export function contactConversation(
  db: AppDb,
  target: PipelineTarget,
  message: InboundMessage,
  contactName: string | null,
) {
  return upsertConversation(db, {
    agentId: target.agentId,
    contactId: message.contactKey,
    contactName,
    target,
    replyJid: message.replyJid,
  });
}

/** A `messages.upsert` delivery, classified, with what its batch shares. */
export interface MessageDelivery {
  db: AppDb;
  target: PipelineTarget;
  message: InboundMessage;
  /** the agent's WhatsApp settings (read once per batch) */
  settings: WhatsappSettings;
  /** conversation → when its reply is due: the batch queues these jobs together */
  replies: Map<number, Date | null>;
  /** conversations that got a message: the batch tells their owners once, at its end */
  changed: Set<number>;
  /** when the webhook stored the delivery: the merge window counts from here */
  receivedAt: Date;
}

/**
 * `messages.upsert` from a customer: the message is stored and the conversation's reply is due
 * once the debounce window (from the delivery's arrival) has passed (the reply job is queued with the batch's). While a person
 * is answering (the bot paused, or the conversation handed over), the message is part of the
 * transcript, not a turn.
 */
export async function handleCustomerMessage(delivery: MessageDelivery): Promise<DeliveryOutcome> {
  const { db, target, message, settings, replies, changed, receivedAt } = delivery;
  const pushName = message.pushName === 'Você' ? null : message.pushName;
  const conversation = await contactConversation(db, target, message, pushName);
  // From when the message reached us, not from now: a busy inbox does not lengthen the window.
  const dueAt = botQuiet(conversation)
    ? null
    : new Date(receivedAt.getTime() + settings.debounceMs);
  const stored = await storeCustomerMessage(
    db,
    conversation.id,
    { ...storedContent(message), gatewayMessageId: message.id },
    dueAt,
  );
  if (!stored) return { status: 'ignored', error: 'duplicate' };
  changed.add(conversation.id);
  if (dueAt) replies.set(conversation.id, dueAt);
  return { status: 'done' };
}
