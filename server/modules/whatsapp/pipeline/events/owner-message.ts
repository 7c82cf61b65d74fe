import type { DeliveryOutcome } from '../store/store-inbox';
import { claimPersonEcho } from '../person-send';
import { instanceLog } from '../takeover-log';
import { contactConversation, storedContent, type MessageDelivery } from './customer-message';
import { matchInflightEcho } from './own-send';
import { gatewayIdKnown, storeOwnerMessage, takeover } from '../../../conversations';

function keywordMatch(text: string, keywords: string[]): boolean {
  const normal = text.trim().toLowerCase();
  return keywords.some((k) => k.trim().toLowerCase() === normal);
}

/**
 * `messages.upsert` with `fromMe`: the echo of a part we are sending (its id not recorded yet), or
 * of a person's message sent from the inbox (whose send paused the bot already), or the owner
 * typing on the phone — human takeover, or a pause/resume keyword. A resume queues
 * the reply to what waited (with the batch's).
 */
export async function handleOwnerMessage(delivery: MessageDelivery): Promise<DeliveryOutcome> {
  const { db, target, message, settings, replies, changed } = delivery;
  // The gateway does not report our own API sends as messages.upsert, but an echo whose id we
  // recorded is ours whatever its event.
  if (await gatewayIdKnown(db, message.id)) return { status: 'ignored', error: 'own' };
  const conversation = await contactConversation(db, target, message, null);
  const text = message.content.kind === 'text' ? message.content.text : '';
  if (await matchInflightEcho(db, conversation.id, text, message.id)) {
    return { status: 'ignored', error: 'own' };
  }
  if (await claimPersonEcho(db, conversation.id, message.content, message.id)) {
    changed.add(conversation.id);
    return { status: 'ignored', error: 'own' };
  }
  const stored = await storeOwnerMessage(db, conversation.id, {
    ...storedContent(message),
    gatewayMessageId: message.id,
  });
  if (!stored) return { status: 'ignored', error: 'duplicate' };
  changed.add(conversation.id);

  const subject = {
    conversationId: conversation.id,
    contact: message.contactKey,
    log: instanceLog(target),
  };
  if (text && keywordMatch(text, settings.resumeKeywords)) {
    await takeover(db, subject, { pause: false, by: 'keyword' });
    replies.set(conversation.id, null);
    return { status: 'done' };
  }
  const keyword = text !== '' && keywordMatch(text, settings.pauseKeywords);
  await takeover(db, subject, { pause: true, by: keyword ? 'keyword' : 'message', settings });
  return { status: 'done' };
}
