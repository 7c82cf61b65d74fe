import type { CloudContact, CloudContent } from '../../../../adapters/whatsapp-cloud/cloud-webhook';
import type { IgnoreReason, InboundContent, InboundMessage } from '../../inbound-message';
import { canonicalPhone, digitsOnly } from '../../phone';
import { BSUID_SERVER } from '../line';

/**
 * A Cloud API message or echo as the pipeline reads every WhatsApp message (`InboundMessage`), so
 * the official line shares the Evolution line's handlers — the customer's message, the owner's
 * echo (coexistence: the Business app), takeover, the merge window — instead of copying them.
 * What the webhook stores of a Cloud message (`CloudStored`) is the adapter's parsed event plus the
 * reply address, so the inbox reads it without Meta's envelope.
 */

/** `webhook_inbox.payload.data` of a 'cloud.message' or 'cloud.echo' delivery. */
export interface CloudStored {
  id: string;
  /** the customer: phone digits as Meta wrote them (wa_id), or null for a BSUID-only user */
  phone: string | null;
  /** the business-scoped user id (2026), when Meta sent one */
  userId: string | null;
  /** where replies go: `<wa_id>@s.whatsapp.net`, or `<BSUID>@bsuid` without a phone */
  jid: string;
  name: string | null;
  timestamp: number | null;
  content: CloudContent;
}

/** The reply address of a customer: their phone when Meta gives it, else their BSUID. */
export function cloudAddress(phone: string | null, userId: string | null): string | null {
  const digits = phone ? digitsOnly(phone) : '';
  if (digits.length >= 8) return `${digits}@s.whatsapp.net`;
  if (userId) return `${userId}@${BSUID_SERVER}`;
  return null;
}

/** What the stored message says to the model and the transcript. */
function contentOf(content: CloudContent): InboundContent | IgnoreReason {
  switch (content.kind) {
    case 'text':
      return content.text.trim() ? { kind: 'text', text: content.text.trim() } : 'empty';
    case 'choice':
      // A tapped button or list row reads as what it says ("Sábado 10:00", "1").
      return { kind: 'text', text: content.title.trim() || content.id };
    case 'location': {
      const place = [content.name, content.address].filter(Boolean).join(', ');
      const where = `${content.latitude}, ${content.longitude}`;
      return { kind: 'text', text: `📍 ${place ? `${place} (${where})` : where}` };
    }
    case 'contacts': {
      const cards = content.contacts.map((c) => [c.name, ...c.phones].filter(Boolean).join(' '));
      return cards.length ? { kind: 'text', text: `👤 ${cards.join('; ')}` } : 'empty';
    }
    case 'audio':
      return { kind: 'audio', base64: null, mimetype: content.mimeType };
    case 'image':
      return { kind: 'image', base64: null, mimetype: content.mimeType, caption: content.caption };
    case 'reaction':
      return 'reaction';
    case 'system':
      return 'protocol';
    case 'video':
    case 'document':
    case 'sticker':
      return { kind: 'unsupported', messageType: `${content.kind}Message` };
    default:
      return { kind: 'unsupported', messageType: content.type };
  }
}

/** A stored Cloud message (the customer's) or echo (`fromMe`: typed on the Business app). */
export function inboundOfCloud(
  stored: CloudStored,
  fromMe: boolean,
): InboundMessage | { ignored: IgnoreReason } {
  const content = contentOf(stored.content);
  if (typeof content === 'string') return { ignored: content };
  const phone = stored.phone ? canonicalPhone(stored.phone) : null;
  return {
    id: stored.id,
    fromMe,
    replyJid: stored.jid,
    // The same person on the QR code line and here meets in one contact by their phone.
    contactKey: phone ?? `bsuid:${stored.userId ?? stored.jid}`,
    contactPhone: phone,
    pushName: stored.name,
    timestamp: stored.timestamp,
    content,
  };
}

/** A webhook message with its contact, as stored; null when it names nobody we can answer. */
export function storedOfMessage(
  message: {
    id: string;
    from: string | null;
    fromUserId: string | null;
    timestamp: number | null;
    content: CloudContent;
  },
  contact: CloudContact | null,
): CloudStored | null {
  const phone = message.from ?? contact?.waId ?? null;
  const userId = message.fromUserId ?? contact?.userId ?? null;
  const jid = cloudAddress(phone, userId);
  if (!jid) return null;
  return {
    id: message.id,
    phone,
    userId,
    jid,
    name: contact?.name ?? contact?.username ?? null,
    timestamp: message.timestamp,
    content: message.content,
  };
}

/** An echo of what the business typed on the Business app, as stored (the customer is `to`). */
export function storedOfEcho(echo: {
  id: string;
  to: string | null;
  toUserId: string | null;
  timestamp: number | null;
  content: CloudContent;
}): CloudStored | null {
  const jid = cloudAddress(echo.to, echo.toUserId);
  if (!jid) return null;
  return {
    id: echo.id,
    phone: echo.to,
    userId: echo.toUserId,
    jid,
    name: null,
    timestamp: echo.timestamp,
    content: echo.content,
  };
}
