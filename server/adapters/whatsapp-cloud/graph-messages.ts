import { GatewayError } from '../gateway/gateway-error';

/** One outgoing message, in our words; `messageBody` turns it into Graph's. */
export type CloudOutgoing = {
  to: { phone: string } | { userId: string };
  /** our reference, echoed back by Meta in every status webhook (biz_opaque_callback_data) */
  ref?: string;
  /** the wamid to quote (context.message_id) */
  replyTo?: string;
} & (
  | { type: 'text'; text: string; previewUrl?: boolean }
  | { type: 'audio'; mediaId: string }
  | { type: 'image'; mediaId: string; caption?: string }
  | { type: 'document'; mediaId: string; caption?: string; filename: string }
  | { type: 'buttons'; body: string; buttons: { id: string; title: string }[]; footer?: string }
  | {
      type: 'list';
      body: string;
      button: string;
      rows: { id: string; title: string; description?: string }[];
      footer?: string;
    }
  | { type: 'template'; name: string; language: string; bodyParams: string[] }
);

/**
 * Meta's length limits (§3 of the Cloud API contract). Anything longer is refused with code 100
 * or 131009 after the user already waited for it, so it is cut here instead.
 */
export const CLOUD_LIMITS = {
  text: 4096,
  caption: 1024,
  interactiveBody: 1024,
  footer: 60,
  buttonId: 256,
  buttonTitle: 20,
  buttons: 3,
  listButton: 20,
  rowId: 200,
  rowTitle: 24,
  rowDescription: 72,
  rows: 10,
  ref: 512,
} as const;

/**
 * The first `max` characters. Meta counts characters, not UTF-16 units, and cutting an emoji's
 * surrogate pair in half would send a broken character, so this counts code points.
 */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const points = Array.from(text);
  return points.length <= max ? text : points.slice(0, max).join('');
}

function refuse(message: string): never {
  throw new GatewayError('CLOUD_BAD_REQUEST', { gatewayMessage: message, uncertain: false });
}

function nonEmpty(value: string, what: string): string {
  if (value.trim() === '') refuse(`${what} is empty`);
  return value;
}

/** A phone as Meta wants it: `+` and the digits, so it never prepends our own country code. */
export function e164(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 8 || digits.length > 15) refuse('phone number is not E.164');
  return `+${digits}`;
}

/** The JSON body of `POST /{pnid}/messages` for one message. */
export function messageBody(message: CloudOutgoing): Record<string, unknown> {
  const body: Record<string, unknown> = {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
  };
  if ('phone' in message.to) body.to = e164(message.to.phone);
  else body.recipient = nonEmpty(message.to.userId, 'recipient');
  if (message.replyTo) body.context = { message_id: message.replyTo };
  if (message.ref !== undefined) {
    // Cutting our reference would make the status webhooks point at another message.
    if (Array.from(message.ref).length > CLOUD_LIMITS.ref) refuse('ref is over 512 characters');
    body.biz_opaque_callback_data = message.ref;
  }
  return { ...body, ...typeObject(message) };
}

function typeObject(message: CloudOutgoing): Record<string, unknown> {
  switch (message.type) {
    case 'text':
      return {
        type: 'text',
        text: {
          body: clip(nonEmpty(message.text, 'text'), CLOUD_LIMITS.text),
          ...(message.previewUrl !== undefined ? { preview_url: message.previewUrl } : {}),
        },
      };
    case 'audio':
      return { type: 'audio', audio: { id: message.mediaId } };
    case 'image':
      return { type: 'image', image: { id: message.mediaId, ...caption(message.caption) } };
    case 'document':
      return {
        type: 'document',
        document: { id: message.mediaId, filename: message.filename, ...caption(message.caption) },
      };
    case 'buttons':
      return { type: 'interactive', interactive: buttons(message) };
    case 'list':
      return { type: 'interactive', interactive: list(message) };
    case 'template':
      return {
        type: 'template',
        template: {
          name: message.name,
          language: { code: message.language },
          ...(message.bodyParams.length > 0
            ? {
                components: [
                  {
                    type: 'body',
                    parameters: message.bodyParams.map((text) => ({ type: 'text', text })),
                  },
                ],
              }
            : {}),
        },
      };
  }
}

function caption(text: string | undefined) {
  return text ? { caption: clip(text, CLOUD_LIMITS.caption) } : {};
}

function footer(text: string | undefined) {
  return text ? { footer: { text: clip(text, CLOUD_LIMITS.footer) } } : {};
}

function buttons(message: Extract<CloudOutgoing, { type: 'buttons' }>) {
  const count = message.buttons.length;
  if (count < 1 || count > CLOUD_LIMITS.buttons) refuse(`${count} buttons (1 to 3 allowed)`);
  return {
    type: 'button',
    body: { text: clip(nonEmpty(message.body, 'body'), CLOUD_LIMITS.interactiveBody) },
    ...footer(message.footer),
    action: {
      buttons: message.buttons.map((b) => ({
        type: 'reply',
        reply: {
          id: clip(nonEmpty(b.id, 'button id'), CLOUD_LIMITS.buttonId),
          title: clip(nonEmpty(b.title, 'button title'), CLOUD_LIMITS.buttonTitle),
        },
      })),
    },
  };
}

function list(message: Extract<CloudOutgoing, { type: 'list' }>) {
  const count = message.rows.length;
  if (count < 1 || count > CLOUD_LIMITS.rows) refuse(`${count} rows (1 to 10 allowed)`);
  return {
    type: 'list',
    body: { text: clip(nonEmpty(message.body, 'body'), CLOUD_LIMITS.interactiveBody) },
    ...footer(message.footer),
    action: {
      button: clip(nonEmpty(message.button, 'list button'), CLOUD_LIMITS.listButton),
      // One section: a section title is required only when there are several.
      sections: [
        {
          rows: message.rows.map((row) => ({
            id: clip(nonEmpty(row.id, 'row id'), CLOUD_LIMITS.rowId),
            title: clip(nonEmpty(row.title, 'row title'), CLOUD_LIMITS.rowTitle),
            ...(row.description
              ? { description: clip(row.description, CLOUD_LIMITS.rowDescription) }
              : {}),
          })),
        },
      ],
    },
  };
}
