import type { AppDb } from '../../../../db/client';
import { classifyUpsert } from '../../inbound-message';
import type { DeliveryOutcome, InboxPayload } from '../store/store-inbox';
import { claimPersonEcho } from '../person-send';
import {
  conversationIdOf,
  conversationMetadata,
  metaOf,
  gatewayIdKnown,
  recordSentPart,
} from '../../../conversations';

/**
 * Our part's echo arrived before sendText answered (or before we recorded its id): the part in
 * flight is recorded as sent with the echo's id. Resolves to whether the echo was that part.
 */
export async function matchInflightEcho(
  db: AppDb,
  conversationId: number,
  text: string,
  gatewayMessageId: string,
): Promise<boolean> {
  const row = await conversationMetadata(db, conversationId);
  const plan = row ? metaOf(row).plan : null;
  if (!plan?.inflight) return false;
  const part = plan.parts[plan.inflight.index];
  if (!part || (part.kind === 'text' && part.text.trim() !== text.trim())) return false;
  await recordSentPart(db, conversationId, plan.inflight.index, gatewayMessageId);
  return true;
}

/**
 * `send.message`: what went out through the API — ours (already recorded, or in flight: a reply
 * part, or a person's message from the inbox).
 */
export async function handleOwnSend(db: AppDb, payload: InboxPayload): Promise<DeliveryOutcome> {
  const data = payload.data as {
    key?: { id?: string; remoteJid?: string; remoteJidAlt?: string | null };
    message?: { conversation?: string | null } | null;
  };
  const id = data?.key?.id;
  if (!id) return { status: 'ignored', error: 'invalid' };
  if (await gatewayIdKnown(db, id)) return { status: 'ignored', error: 'own' };
  const message = classifyUpsert(
    { ...data, key: { ...data.key, fromMe: true } },
    { allowGroups: true },
  );
  if ('ignored' in message) return { status: 'ignored', error: message.ignored };
  const conversationId = await conversationIdOf(db, payload.target.agentId, message.contactKey);
  if (conversationId === null) return { status: 'ignored', error: 'unknown-contact' };
  const text = message.content.kind === 'text' ? message.content.text : '';
  const matched =
    (await matchInflightEcho(db, conversationId, text, id)) ||
    (await claimPersonEcho(db, conversationId, message.content, id));
  return { status: 'ignored', error: matched ? 'own' : 'not-ours' };
}
