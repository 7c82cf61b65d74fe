import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { parseContent } from './cloud-content';

export type CloudContact = {
  waId: string | null;
  userId: string | null;
  name: string | null;
  username: string | null;
};

export type CloudContent =
  | { kind: 'text'; text: string }
  | { kind: 'audio'; mediaId: string; mimeType: string | null; voice: boolean }
  | { kind: 'image'; mediaId: string; mimeType: string | null; caption: string | null }
  | { kind: 'video'; mediaId: string; mimeType: string | null; caption: string | null }
  | {
      kind: 'document';
      mediaId: string;
      mimeType: string | null;
      caption: string | null;
      filename: string | null;
    }
  | { kind: 'sticker'; mediaId: string; mimeType: string | null }
  | {
      kind: 'location';
      latitude: number;
      longitude: number;
      name: string | null;
      address: string | null;
    }
  | { kind: 'contacts'; contacts: { name: string; phones: string[] }[] }
  /** interactive button_reply / list_reply, and a template quick-reply (id = payload) */
  | { kind: 'choice'; id: string; title: string }
  | { kind: 'reaction'; messageId: string; emoji: string | null }
  | { kind: 'system'; body: string; type: string | null; newUserId: string | null }
  | { kind: 'unsupported'; type: string };

export type CloudStatusName = 'sent' | 'delivered' | 'read' | 'failed' | 'played';

export type CloudEvent =
  | {
      kind: 'message';
      wabaId: string;
      phoneNumberId: string;
      message: {
        id: string;
        from: string | null;
        fromUserId: string | null;
        timestamp: number | null;
        contextId: string | null;
        content: CloudContent;
      };
      contact: CloudContact | null;
    }
  | {
      kind: 'status';
      wabaId: string;
      phoneNumberId: string;
      status: {
        id: string;
        status: CloudStatusName;
        timestamp: number | null;
        recipientId: string | null;
        recipientUserId: string | null;
        /** biz_opaque_callback_data: our reference of the message */
        ref: string | null;
        pricing: { type: string | null; category: string | null; billable: boolean | null } | null;
        errors: { code: number; title: string | null }[];
      };
    }
  | {
      /** field smb_message_echoes: what the business sent from the WhatsApp Business app */
      kind: 'echo';
      wabaId: string;
      phoneNumberId: string;
      echo: {
        id: string;
        to: string | null;
        toUserId: string | null;
        timestamp: number | null;
        content: CloudContent;
      };
    }
  | {
      /** message_template_status_update */
      kind: 'template';
      wabaId: string;
      templateId: string;
      name: string | null;
      language: string | null;
      event: string;
      reason: string | null;
    }
  | {
      /** account_update */
      kind: 'account';
      wabaId: string;
      event: string;
      phoneNumberId: string | null;
      reason: string | null;
    }
  | {
      kind: 'user_id_update';
      wabaId: string;
      phoneNumberId: string | null;
      waId: string | null;
      previous: string;
      current: string;
    };

const SIGNATURE = /^sha256=([0-9a-f]{64})$/i;

/**
 * Meta's `X-Hub-Signature-256`: HMAC-SHA256 of the exact bytes received, keyed with the app
 * secret. Checked before any parsing, because re-serialised JSON would not match. Any header we
 * cannot read is a failed check, never an exception.
 */
export function verifySignature(
  rawBody: Buffer,
  header: string | undefined,
  appSecret: string,
): boolean {
  if (!appSecret || typeof header !== 'string') return false;
  const match = SIGNATURE.exec(header.trim());
  if (!match) return false;
  const given = Buffer.from(match[1]!, 'hex');
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The GET Meta sends when the callback is saved: answer `hub.challenge` when the mode is
 * subscribe and the token is ours. The tokens are hashed first so the comparison takes the same
 * time whatever their lengths.
 */
export function verifyHandshake(
  query: Record<string, unknown>,
  verifyToken: string,
): string | null {
  const mode = query['hub.mode'];
  const token = query['hub.verify_token'];
  const challenge = query['hub.challenge'];
  if (!verifyToken || mode !== 'subscribe') return null;
  if (typeof token !== 'string' || typeof challenge !== 'string') return null;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(token), digest(verifyToken)) ? challenge : null;
}

// The envelope levels are checked one at a time, so one bad entry, change or item is skipped
// and the rest of a batched POST (up to 3 MB of them) still gets through.
const envelopeSchema = z.looseObject({ entry: z.array(z.unknown()) });
const id = z.union([z.string().min(1), z.number().transform(String)]);
const entrySchema = z.looseObject({ id, changes: z.array(z.unknown()) });
const changeSchema = z.looseObject({ field: z.string(), value: z.looseObject({}) });
// An optional field of the wrong type is read as absent: the rest of the item is still good.
const optStr = z.string().nullish().catch(null);
const metadataSchema = z.looseObject({ phone_number_id: id });
const timestamp = z.unknown().optional();

const messageSchema = z.looseObject({
  id: z.string().min(1),
  from: optStr,
  from_user_id: optStr,
  timestamp,
  type: z.string().min(1),
  context: z.looseObject({ id: optStr }).nullish().catch(null),
});
const echoSchema = messageSchema.extend({ to: optStr, to_user_id: optStr });
const contactSchema = z.looseObject({
  wa_id: optStr,
  user_id: optStr,
  profile: z.looseObject({ name: optStr, username: optStr }).nullish().catch(null),
});
const statusSchema = z.looseObject({
  id: z.string().min(1),
  status: z.enum(['sent', 'delivered', 'read', 'failed', 'played']),
  timestamp,
  recipient_id: optStr,
  recipient_user_id: optStr,
  biz_opaque_callback_data: optStr,
  pricing: z
    .looseObject({ type: optStr, category: optStr, billable: z.boolean().nullish().catch(null) })
    .nullish()
    .catch(null),
  errors: z.array(z.unknown()).nullish().catch(null),
});
const statusErrorSchema = z.looseObject({ code: z.number(), title: optStr });
const templateSchema = z.looseObject({
  event: z.string().min(1),
  message_template_id: id,
  message_template_name: optStr,
  message_template_language: optStr,
  reason: optStr,
});
const accountSchema = z.looseObject({
  event: z.string().min(1),
  phone_number_id: id.nullish(),
  reason: optStr,
  disconnection_info: z.looseObject({ reason: optStr }).nullish(),
});
const userIdUpdateSchema = z.looseObject({
  wa_id: optStr,
  user_id: z.looseObject({ previous: z.string().min(1), current: z.string().min(1) }),
});

/** Every event of a webhook POST, in order. Hostile or unknown input yields fewer events, never a throw. */
export function parseCloudWebhook(body: unknown): CloudEvent[] {
  const envelope = envelopeSchema.safeParse(body);
  if (!envelope.success) return [];
  const events: CloudEvent[] = [];
  for (const rawEntry of envelope.data.entry) {
    const entry = entrySchema.safeParse(rawEntry);
    if (!entry.success) continue;
    for (const rawChange of entry.data.changes) {
      const change = changeSchema.safeParse(rawChange);
      if (!change.success) continue;
      events.push(...changeEvents(entry.data.id, change.data.field, change.data.value));
    }
  }
  return events;
}

function changeEvents(wabaId: string, field: string, value: Record<string, unknown>): CloudEvent[] {
  const meta = metadataSchema.safeParse(value.metadata);
  const phoneNumberId = meta.success ? meta.data.phone_number_id : null;
  switch (field) {
    case 'messages':
      // Without the number we cannot tell whose channel it is: nothing to route.
      return phoneNumberId ? messageEvents(wabaId, phoneNumberId, value) : [];
    case 'smb_message_echoes':
      return phoneNumberId
        ? items(value.message_echoes, echoSchema).map((e) => ({
            kind: 'echo',
            wabaId,
            phoneNumberId,
            echo: {
              id: e.id,
              to: e.to ?? null,
              toUserId: e.to_user_id ?? null,
              timestamp: seconds(e.timestamp),
              content: parseContent(e, e.type),
            },
          }))
        : [];
    case 'message_template_status_update': {
      const t = templateSchema.safeParse(value);
      if (!t.success) return [];
      return [
        {
          kind: 'template',
          wabaId,
          templateId: t.data.message_template_id,
          name: t.data.message_template_name ?? null,
          language: t.data.message_template_language ?? null,
          event: t.data.event,
          reason: t.data.reason ?? null,
        },
      ];
    }
    case 'account_update': {
      const a = accountSchema.safeParse(value);
      if (!a.success) return [];
      const reason = a.data.reason ?? a.data.disconnection_info?.reason ?? null;
      const pnid = a.data.phone_number_id ?? phoneNumberId;
      return [{ kind: 'account', wabaId, event: a.data.event, phoneNumberId: pnid, reason }];
    }
    case 'user_id_update':
      return items(value.user_id_update, userIdUpdateSchema).map((u) => ({
        kind: 'user_id_update',
        wabaId,
        phoneNumberId,
        waId: u.wa_id ?? null,
        previous: u.user_id.previous,
        current: u.user_id.current,
      }));
    default:
      return [];
  }
}

function messageEvents(
  wabaId: string,
  phoneNumberId: string,
  value: Record<string, unknown>,
): CloudEvent[] {
  const contacts = items(value.contacts, contactSchema);
  const events: CloudEvent[] = items(value.messages, messageSchema).map((m) => {
    const from = m.from ?? null;
    const fromUserId = m.from_user_id ?? null;
    const match =
      contacts.find(
        (c) => (from && c.wa_id === from) || (fromUserId && c.user_id === fromUserId),
      ) ?? contacts[0];
    return {
      kind: 'message',
      wabaId,
      phoneNumberId,
      message: {
        id: m.id,
        from,
        fromUserId,
        timestamp: seconds(m.timestamp),
        contextId: m.context?.id ?? null,
        content: parseContent(m, m.type),
      },
      contact: match
        ? {
            waId: match.wa_id ?? null,
            userId: match.user_id ?? null,
            name: match.profile?.name ?? null,
            username: match.profile?.username ?? null,
          }
        : null,
    };
  });
  for (const s of items(value.statuses, statusSchema)) {
    const pricing = s.pricing
      ? {
          type: s.pricing.type ?? null,
          category: s.pricing.category ?? null,
          billable: s.pricing.billable ?? null,
        }
      : null;
    events.push({
      kind: 'status',
      wabaId,
      phoneNumberId,
      status: {
        id: s.id,
        status: s.status,
        timestamp: seconds(s.timestamp),
        recipientId: s.recipient_id ?? null,
        recipientUserId: s.recipient_user_id ?? null,
        ref: s.biz_opaque_callback_data ?? null,
        pricing,
        errors: items(s.errors, statusErrorSchema).map((e) => ({
          code: e.code,
          title: e.title ?? null,
        })),
      },
    });
  }
  return events;
}

/** The items of an array that pass the schema; anything that is not an array has none. */
function items<S extends z.ZodType>(value: unknown, schema: S): z.infer<S>[] {
  if (!Array.isArray(value)) return [];
  const out: z.infer<S>[] = [];
  for (const item of value) {
    const parsed = schema.safeParse(item);
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}

/** Graph's timestamps are strings of Unix seconds. */
function seconds(value: unknown): number | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  if (value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/**
 * The key an inbox row is unique on. Meta retries for days and to every subscribed app, so each
 * event must land once: a message by its wamid, a status by wamid and status (a message gets
 * several), the other events by what they say.
 */
export function cloudDedupeKey(event: CloudEvent): string | null {
  switch (event.kind) {
    case 'message':
      return `cloud:msg:${event.phoneNumberId}:${event.message.id}`;
    case 'status':
      return `cloud:st:${event.phoneNumberId}:${event.status.id}:${event.status.status}`;
    case 'echo':
      return `cloud:echo:${event.phoneNumberId}:${event.echo.id}`;
    case 'template':
      return `cloud:tpl:${event.templateId}:${event.event}`;
    case 'account':
      return `cloud:acct:${event.wabaId}:${event.event}:${event.phoneNumberId ?? '-'}:${event.reason ?? '-'}`;
    case 'user_id_update':
      return `cloud:uid:${event.wabaId}:${event.previous}:${event.current}`;
  }
}
