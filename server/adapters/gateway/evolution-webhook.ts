import { z } from 'zod';

/**
 * Webhook bodies the gateway POSTs to us. Objects are loose: the gateway adds fields between
 * versions and we validate only what we read.
 */

/** `event` is dotted lower-case, never UPPER_SNAKE; `instance` is the name, not the id. */
export const webhookEnvelopeSchema = z.looseObject({
  event: z.string().regex(/^[a-z][a-z.-]*$/, 'dotted lower-case event name'),
  instance: z.string().min(1),
  data: z.unknown(),
  destination: z.string().optional(),
  /** server wall-clock time mislabelled as UTC: use data.messageTimestamp instead */
  date_time: z.string().optional(),
  /** the connected account's JID; absent before the first connection */
  sender: z.string().nullish(),
  server_url: z.string().nullish(),
  /** the instance token in clear when exposed, otherwise null */
  apikey: z.string().nullish(),
});
export type WebhookEnvelope = z.infer<typeof webhookEnvelopeSchema>;

/**
 * In 2.3.6 `remoteJid` may be `…@lid` (WhatsApp's privacy id, which does not hold the number)
 * with the phone JID in `remoteJidAlt`; 2.3.7 puts the phone JID in both; 2.4.0 swaps them. Read
 * the phone from whichever ends in @s.whatsapp.net.
 */
export const messageKeySchema = z.looseObject({
  remoteJid: z.string().min(1),
  fromMe: z.boolean(),
  id: z.string().min(1),
  participant: z.string().nullish(),
  remoteJidAlt: z.string().nullish(),
  participantAlt: z.string().nullish(),
  addressingMode: z.string().nullish(),
});
export type MessageKey = z.infer<typeof messageKeySchema>;

const mediaFields = {
  url: z.string().nullish(),
  mimetype: z.string().nullish(),
  fileLength: z.union([z.number(), z.string(), z.record(z.string(), z.unknown())]).nullish(),
};

/**
 * Text is always in `message.conversation` (extendedTextMessage is rewritten); media
 * is inline in `message.base64` (raw, no data: prefix) only when the webhook has base64:true.
 */
export const messageContentSchema = z.looseObject({
  conversation: z.string().nullish(),
  audioMessage: z
    .looseObject({ ...mediaFields, seconds: z.number().nullish(), ptt: z.boolean().nullish() })
    .nullish(),
  imageMessage: z.looseObject({ ...mediaFields, caption: z.string().nullish() }).nullish(),
  base64: z.string().nullish(),
  mediaUrl: z.string().nullish(),
  speechToText: z.string().nullish(),
});

/** `messages.upsert` data, and also `send.message` data and the send endpoints' response. */
export const messageDataSchema = z.looseObject({
  key: messageKeySchema,
  pushName: z.string().nullish(),
  status: z.string().nullish(),
  message: messageContentSchema.nullish(),
  contextInfo: z.unknown().optional(),
  messageType: z.string(),
  /** unix seconds; a number, or a Long-as-string on some Baileys paths */
  messageTimestamp: z.union([z.number(), z.string()]),
  instanceId: z.string().nullish(),
  source: z.string().nullish(),
});
export type MessageData = z.infer<typeof messageDataSchema>;
export const messagesUpsertDataSchema = messageDataSchema;
export const sendMessageDataSchema = messageDataSchema;

/** A receipt's `status`: Baileys' WAMessageStatus as the gateway names it (renderStatus). */
export const RECEIPT_STATUSES = [
  'ERROR',
  'PENDING',
  'SERVER_ACK',
  'DELIVERY_ACK',
  'READ',
  'PLAYED',
] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

/**
 * MESSAGES_UPDATE, one receipt per message: `keyId` is the message's `key.id` (`messageId` is the
 * gateway's own database id, absent when it did not store the message). No time is included:
 * `date_time` of the envelope is the only clock. A deletion comes as MESSAGES_DELETE instead,
 * though some builds send `status: "DELETED"` here too, and poll votes add `pollUpdates`.
 */
export const messagesUpdateDataSchema = z.looseObject({
  keyId: z.string().min(1).max(200),
  remoteJid: z.string().min(1).max(200),
  fromMe: z.boolean(),
  participant: z.string().nullish(),
  status: z.string().max(50),
  instanceId: z.string().nullish(),
});
export type MessagesUpdateData = z.infer<typeof messagesUpdateDataSchema>;

/** CONNECTION_UPDATE: `close` is sent only when the gateway will not reconnect. */
export const connectionUpdateDataSchema = z.looseObject({
  instance: z.string(),
  state: z.string(),
  statusReason: z.number().nullish(),
  wuid: z.string().nullish(),
  profileName: z.string().nullish(),
  profilePictureUrl: z.string().nullish(),
});
export type ConnectionUpdateData = z.infer<typeof connectionUpdateDataSchema>;

/** QRCODE_UPDATED: a new code, or the limit-reached notice; `count` is never included. */
export const qrcodeUpdatedDataSchema = z.union([
  z.looseObject({
    qrcode: z.looseObject({
      instance: z.string(),
      pairingCode: z.string().nullish(),
      code: z.string(),
      base64: z.string(),
    }),
  }),
  z.looseObject({ message: z.string(), statusCode: z.number() }),
]);
export type QrcodeUpdatedData = z.infer<typeof qrcodeUpdatedDataSchema>;
