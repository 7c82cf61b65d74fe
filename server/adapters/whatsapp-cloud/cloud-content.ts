import { z } from 'zod';
import type { CloudContent } from './cloud-webhook';

/**
 * What a message carries, from its `type` and the object of that name. Each payload is checked on
 * its own: a payload we cannot read becomes `unsupported` rather than dropping the message, so the
 * conversation still shows that the customer wrote something.
 */

const str = z.string();
const optStr = z.string().nullish();

const media = z.looseObject({ id: str.min(1), mime_type: optStr, caption: optStr });
const schemas = {
  text: z.looseObject({ body: str }),
  audio: z.looseObject({ id: str.min(1), mime_type: optStr, voice: z.boolean().nullish() }),
  image: media,
  video: media,
  document: media.extend({ filename: optStr }),
  sticker: media,
  location: z.looseObject({
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    name: optStr,
    address: optStr,
  }),
  contacts: z.array(
    z.looseObject({
      name: z.looseObject({ formatted_name: optStr, first_name: optStr }).nullish(),
      phones: z.array(z.looseObject({ phone: optStr, wa_id: optStr })).nullish(),
    }),
  ),
  interactive: z.looseObject({
    type: str,
    button_reply: z.looseObject({ id: str, title: str }).optional(),
    list_reply: z.looseObject({ id: str, title: str }).optional(),
  }),
  button: z.looseObject({ payload: optStr, text: str }),
  reaction: z.looseObject({ message_id: str.min(1), emoji: optStr }),
  system: z.looseObject({ body: optStr, type: optStr, user_id: optStr }),
};

/** The message (or echo) as Graph sent it: `type` plus an object under that name. */
export function parseContent(item: Record<string, unknown>, type: string): CloudContent {
  const payload = item[type];
  const unsupported: CloudContent = { kind: 'unsupported', type };
  switch (type) {
    case 'text': {
      const p = schemas.text.safeParse(payload);
      return p.success ? { kind: 'text', text: p.data.body } : unsupported;
    }
    case 'audio': {
      const p = schemas.audio.safeParse(payload);
      if (!p.success) return unsupported;
      const { id, mime_type, voice } = p.data;
      return { kind: 'audio', mediaId: id, mimeType: mime_type ?? null, voice: voice ?? false };
    }
    case 'image':
    case 'video': {
      const p = schemas[type].safeParse(payload);
      if (!p.success) return unsupported;
      const { id, mime_type, caption } = p.data;
      return { kind: type, mediaId: id, mimeType: mime_type ?? null, caption: caption ?? null };
    }
    case 'document': {
      const p = schemas.document.safeParse(payload);
      if (!p.success) return unsupported;
      const d = p.data;
      return {
        kind: 'document',
        mediaId: d.id,
        mimeType: d.mime_type ?? null,
        caption: d.caption ?? null,
        filename: d.filename ?? null,
      };
    }
    case 'sticker': {
      const p = schemas.sticker.safeParse(payload);
      return p.success
        ? { kind: 'sticker', mediaId: p.data.id, mimeType: p.data.mime_type ?? null }
        : unsupported;
    }
    case 'location': {
      const p = schemas.location.safeParse(payload);
      if (!p.success) return unsupported;
      const l = p.data;
      return {
        kind: 'location',
        latitude: l.latitude,
        longitude: l.longitude,
        name: l.name ?? null,
        address: l.address ?? null,
      };
    }
    case 'contacts': {
      const p = schemas.contacts.safeParse(payload);
      if (!p.success) return unsupported;
      const contacts = p.data.map((c) => ({
        name: c.name?.formatted_name ?? c.name?.first_name ?? '',
        phones: (c.phones ?? []).flatMap((ph) => {
          const phone = ph.phone ?? ph.wa_id;
          return phone ? [phone] : [];
        }),
      }));
      return { kind: 'contacts', contacts };
    }
    case 'interactive': {
      const p = schemas.interactive.safeParse(payload);
      if (!p.success) return unsupported;
      const reply = p.data.button_reply ?? p.data.list_reply;
      // Flows (nfm_reply), call permissions and the rest are not choices we offered.
      return reply
        ? { kind: 'choice', id: reply.id, title: reply.title }
        : { kind: 'unsupported', type: `interactive:${p.data.type}` };
    }
    case 'button': {
      // A template's quick-reply button: the payload is what we set, the text what was shown.
      const p = schemas.button.safeParse(payload);
      return p.success
        ? { kind: 'choice', id: p.data.payload ?? p.data.text, title: p.data.text }
        : unsupported;
    }
    case 'reaction': {
      const p = schemas.reaction.safeParse(payload);
      if (!p.success) return unsupported;
      // A removed reaction comes with an empty (or no) emoji.
      const emoji = p.data.emoji ? p.data.emoji : null;
      return { kind: 'reaction', messageId: p.data.message_id, emoji };
    }
    case 'system': {
      const p = schemas.system.safeParse(payload);
      if (!p.success) return unsupported;
      return {
        kind: 'system',
        body: p.data.body ?? '',
        type: p.data.type ?? null,
        newUserId: p.data.user_id ?? null,
      };
    }
    default:
      return unsupported;
  }
}
