import { z } from 'zod';
import { canonicalPhone, jidServer, jidUser } from './phone';

/**
 * What a `messages.upsert` delivery means for the bot (Evolution's message `data` and its JIDs).
 * Only the fields we rely on are validated; everything else is passed through untouched.
 */
const upsertDataSchema = z.looseObject({
  key: z.looseObject({
    id: z.string().min(1),
    remoteJid: z.string().min(1),
    fromMe: z.boolean().optional().default(false),
    remoteJidAlt: z.string().nullish(),
    participant: z.string().nullish(),
    addressingMode: z.string().nullish(),
  }),
  pushName: z.string().nullish(),
  messageType: z.string().nullish(),
  messageTimestamp: z.union([z.number(), z.string()]).nullish(),
  message: z.looseObject({}).nullish(),
});
export type UpsertData = z.infer<typeof upsertDataSchema>;

export type InboundContent =
  | { kind: 'text'; text: string }
  | { kind: 'audio'; base64: string | null; mimetype: string | null }
  | { kind: 'image'; base64: string | null; mimetype: string | null; caption: string | null }
  | { kind: 'unsupported'; messageType: string };

export type IgnoreReason =
  'invalid' | 'group' | 'status' | 'newsletter' | 'broadcast' | 'reaction' | 'protocol' | 'empty';

export interface InboundMessage {
  id: string;
  fromMe: boolean;
  /** where replies go: the phone JID when known (an @lid sender's `remoteJidAlt`) */
  replyJid: string;
  /** the contact's identity: canonical phone digits, or the LID when no phone is known */
  contactKey: string;
  contactPhone: string | null;
  pushName: string | null;
  timestamp: number | null;
  content: InboundContent;
}

/** Message types that are not a customer talking (reactions, edits, receipts and the like). */
const PROTOCOL_TYPES = new Set([
  'protocolMessage',
  'senderKeyDistributionMessage',
  'messageContextInfo',
  'pollUpdateMessage',
  'editedMessage',
  'keepInChatMessage',
  'pinInChatMessage',
]);

function contentOf(data: UpsertData): InboundContent | IgnoreReason {
  const message = (data.message ?? {}) as Record<string, unknown>;
  const type =
    data.messageType ?? Object.keys(message).find((k) => k !== 'messageContextInfo') ?? '';
  if (type === 'reactionMessage') return 'reaction';
  if (PROTOCOL_TYPES.has(type)) return 'protocol';
  const base64 = typeof message.base64 === 'string' ? message.base64 : null;
  if (type === 'conversation' || typeof message.conversation === 'string') {
    const text = typeof message.conversation === 'string' ? message.conversation.trim() : '';
    return text ? { kind: 'text', text } : 'empty';
  }
  if (type === 'extendedTextMessage') {
    const text = String(
      (message.extendedTextMessage as { text?: string } | undefined)?.text ?? '',
    ).trim();
    return text ? { kind: 'text', text } : 'empty';
  }
  if (type === 'audioMessage') {
    const audio = message.audioMessage as { mimetype?: string } | undefined;
    return { kind: 'audio', base64, mimetype: audio?.mimetype ?? null };
  }
  if (type === 'imageMessage') {
    const image = message.imageMessage as { mimetype?: string; caption?: string } | undefined;
    return {
      kind: 'image',
      base64,
      mimetype: image?.mimetype ?? null,
      caption: image?.caption?.trim() || null,
    };
  }
  return type ? { kind: 'unsupported', messageType: type } : 'empty';
}

export function classifyUpsert(
  raw: unknown,
  options: { allowGroups: boolean },
): InboundMessage | { ignored: IgnoreReason } {
  const parsed = upsertDataSchema.safeParse(raw);
  if (!parsed.success) return { ignored: 'invalid' };
  const data = parsed.data;
  const { key } = data;
  const server = jidServer(key.remoteJid);
  if (key.remoteJid === 'status@broadcast') return { ignored: 'status' };
  if (server === 'newsletter') return { ignored: 'newsletter' };
  if (server === 'broadcast') return { ignored: 'broadcast' };
  if (server === 'g.us' && !options.allowGroups) return { ignored: 'group' };

  const content = contentOf(data);
  if (typeof content === 'string') return { ignored: content };

  // @lid senders carry no phone number; Baileys 7 puts the phone JID in remoteJidAlt.
  let phoneJid: string | null = null;
  if (server === 's.whatsapp.net') phoneJid = key.remoteJid;
  else if (key.remoteJidAlt && jidServer(key.remoteJidAlt) === 's.whatsapp.net')
    phoneJid = key.remoteJidAlt;
  const contactPhone = phoneJid ? canonicalPhone(jidUser(phoneJid)) : null;
  const contactKey = server === 'g.us' ? key.remoteJid : (contactPhone ?? key.remoteJid);
  const ts =
    data.messageTimestamp === null || data.messageTimestamp === undefined
      ? null
      : Number(data.messageTimestamp);

  return {
    id: key.id,
    fromMe: key.fromMe,
    replyJid: phoneJid ?? key.remoteJid,
    contactKey,
    contactPhone,
    pushName: data.pushName ?? null,
    timestamp: Number.isFinite(ts) ? ts : null,
    content,
  };
}
