import { createHash, randomBytes } from 'node:crypto';

/** Builders of gateway-shaped message data. */

/** Baileys web-style ids ('3EB0' + 18 hex = 22 chars; `getDevice` reads them as 'web'). */
export function newMessageId(): string {
  return `3EB0${randomBytes(9).toString('hex').toUpperCase()}`;
}

/**
 * The gateway's `createJid`: JIDs pass through; digits become `@s.whatsapp.net` (18+ digits a
 * group); Brazilian mobiles in DDD ≥ 31 whose next digit is ≥ 7 lose the 9th digit, as WhatsApp's
 * own JIDs for those numbers lack it — one person, two spellings, which the pipeline must
 * normalise.
 */
export function createJid(number: string): string {
  if (/@(s\.whatsapp\.net|g\.us|lid|broadcast)$/.test(number)) return number;
  const digits = number.split(':')[0]!.replace(/[+\s()-]/g, '');
  if (digits.length >= 18) return `${digits}@g.us`;
  return `${brazilianJidDigits(digits)}@s.whatsapp.net`;
}

function brazilianJidDigits(digits: string): string {
  if (!digits.startsWith('55') || digits.length !== 13) return digits;
  const ddd = Number(digits.slice(2, 4));
  const local = digits.slice(4);
  if (ddd >= 31 && local.startsWith('9') && Number(local[1]) >= 7) {
    return digits.slice(0, 4) + local.slice(1);
  }
  return digits;
}

/** A stable fake LID per phone: WhatsApp's privacy id does not contain the number. */
export function lidFor(phoneJid: string): string {
  const hash = createHash('sha256').update(phoneJid).digest();
  return `${(hash.readBigUInt64BE(0) % 10n ** 15n).toString().padStart(15, '1')}@lid`;
}

export interface MediaInput {
  base64: string;
  mimetype?: string;
}

export function audioContent(media: MediaInput, seconds?: number) {
  const bytes = Buffer.from(media.base64, 'base64');
  return {
    audioMessage: {
      url: `https://mmg.whatsapp.net/v/t62.7117-24/${randomBytes(8).toString('hex')}.enc`,
      mimetype: media.mimetype ?? 'audio/ogg; codecs=opus',
      fileSha256: createHash('sha256').update(bytes).digest('base64'),
      fileLength: bytes.length,
      seconds: seconds ?? Math.max(1, Math.round(bytes.length / 4000)),
      ptt: true,
      mediaKey: randomBytes(32).toString('base64'),
      directPath: `/v/t62.7117-24/${randomBytes(8).toString('hex')}.enc`,
    },
  };
}

export function imageContent(media: MediaInput, caption?: string) {
  const bytes = Buffer.from(media.base64, 'base64');
  return {
    imageMessage: {
      url: `https://mmg.whatsapp.net/v/t62.7118-24/${randomBytes(8).toString('hex')}.enc`,
      mimetype: media.mimetype ?? 'image/jpeg',
      caption: caption ?? '',
      fileSha256: createHash('sha256').update(bytes).digest('base64'),
      fileLength: bytes.length,
      height: 640,
      width: 480,
      mediaKey: randomBytes(32).toString('base64'),
      directPath: `/v/t62.7118-24/${randomBytes(8).toString('hex')}.enc`,
    },
  };
}

/** A document as sendMedia sends it (`mediatype: document`). */
export function documentContent(media: MediaInput, fileName: string, caption?: string) {
  const bytes = Buffer.from(media.base64, 'base64');
  return {
    documentMessage: {
      url: `https://mmg.whatsapp.net/v/t62.7119-24/${randomBytes(8).toString('hex')}.enc`,
      mimetype: media.mimetype ?? 'application/octet-stream',
      title: fileName,
      fileName,
      caption: caption ?? '',
      fileSha256: createHash('sha256').update(bytes).digest('base64'),
      fileLength: bytes.length,
      mediaKey: randomBytes(32).toString('base64'),
      directPath: `/v/t62.7119-24/${randomBytes(8).toString('hex')}.enc`,
    },
  };
}

export function messageTypeOf(content: Record<string, unknown>): string {
  if ('audioMessage' in content) return 'audioMessage';
  if ('imageMessage' in content) return 'imageMessage';
  if ('documentMessage' in content) return 'documentMessage';
  return 'conversation';
}

export function unixNow(): number {
  return Math.floor(Date.now() / 1000);
}

/** A readable line for the simulator's chat view. */
export function summarise(data: Record<string, unknown>): string {
  const message = (data.message ?? {}) as Record<string, Record<string, unknown> | string>;
  if (typeof message.conversation === 'string') return message.conversation;
  const image = message.imageMessage;
  if (image && typeof image === 'object') {
    const caption = typeof image.caption === 'string' ? image.caption : '';
    return `[imagem] ${caption}`.trim();
  }
  if (message.audioMessage) return '[áudio]';
  const document = message.documentMessage;
  if (document && typeof document === 'object') {
    const name = typeof document.fileName === 'string' ? document.fileName : '';
    const caption = typeof document.caption === 'string' ? document.caption : '';
    return `[documento] ${name} ${caption}`.trim();
  }
  return `[${String(data.messageType)}]`;
}

/** What a simulated contact sends: an audio, an image with its caption, or text. */
export function inboundContent(input: {
  text?: string;
  audio?: MediaInput & { seconds?: number };
  image?: MediaInput & { caption?: string };
}): {
  content: Record<string, unknown>;
  base64: string | null;
} {
  if (input.audio)
    return { content: audioContent(input.audio, input.audio.seconds), base64: input.audio.base64 };
  if (input.image)
    return { content: imageContent(input.image, input.image.caption), base64: input.image.base64 };
  return { content: { conversation: input.text ?? '', messageContextInfo: {} }, base64: null };
}
