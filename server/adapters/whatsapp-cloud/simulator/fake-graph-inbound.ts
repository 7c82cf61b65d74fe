import type { FakeGraphState, FakeTenant } from './fake-graph-state';

export type FakeInboundType =
  | 'text'
  | 'image'
  | 'audio'
  | 'video'
  | 'document'
  | 'sticker'
  | 'location'
  | 'button_reply'
  | 'list_reply'
  | 'button'
  | 'reaction'
  | 'system'
  | 'unsupported';

export interface FakeInboundOptions {
  /** the user's phone (digits); null for a username user whose phone Meta withholds */
  from?: string | null;
  /** the BSUID; by default derived from the phone, or made up when there is none */
  userId?: string;
  name?: string;
  username?: string;
  /** the wamid; a fresh one by default */
  id?: string;
  type?: FakeInboundType;
  text?: string;
  caption?: string;
  /** the bytes behind an image/audio/video/document/sticker: stored so the id downloads */
  media?: { data: Buffer; mimeType: string; fileName?: string };
  /** audio: a voice note recorded in WhatsApp */
  voice?: boolean;
  /** button_reply / list_reply / button: what was tapped */
  choice?: { id: string; title: string };
  reaction?: { messageId: string; emoji: string };
  location?: { latitude: number; longitude: number; name?: string; address?: string };
  /** the wamid of ours this message replies to */
  contextId?: string;
  /** a Click-to-WhatsApp ad referral (a free entry point) */
  referral?: boolean;
  /** deliver the same signed bytes twice, as Meta's retries do */
  duplicate?: boolean;
}

const MEDIA_TYPES = new Set(['image', 'audio', 'video', 'document', 'sticker']);
const DEFAULT_MIME: Record<string, string> = {
  image: 'image/jpeg',
  audio: 'audio/ogg; codecs=opus',
  video: 'video/mp4',
  document: 'application/pdf',
  sticker: 'image/webp',
};

/** One `messages[]` item of Meta's shape, with the `contacts[]` entry that goes with it. */
export function inboundMessage(state: FakeGraphState, tenant: FakeTenant, o: FakeInboundOptions) {
  const waId = o.from === null ? null : (o.from ?? '5511987654321').replace(/\D/g, '');
  const userId = o.userId ?? (waId ? `BR.${waId}` : `BR.${state.nextId('9')}`);
  const id = o.id ?? `wamid.IN${state.nextId()}`;
  const type = o.type ?? 'text';
  const message: Record<string, unknown> = {
    ...(waId ? { from: waId } : {}),
    from_user_id: userId,
    id,
    timestamp: String(Math.floor(state.now() / 1000)),
    ...(o.contextId
      ? { context: { from: tenant.displayPhoneNumber.replace(/\D/g, ''), id: o.contextId } }
      : {}),
    ...(o.referral
      ? {
          referral: {
            source_url: 'https://fb.me/fake',
            source_id: 'ad-1',
            source_type: 'ad',
            ctwa_clid: 'clid-1',
          },
        }
      : {}),
    ...payload(state, tenant, type, o, userId),
  };
  // System messages come without contacts (§2.5 of the contract).
  const contact =
    type === 'system'
      ? null
      : {
          profile: {
            name: o.name ?? 'Cliente Teste',
            ...(o.username ? { username: o.username } : {}),
          },
          ...(waId ? { wa_id: waId } : {}),
          user_id: userId,
        };
  return { id, waId, userId, message, contact };
}

function payload(
  state: FakeGraphState,
  tenant: FakeTenant,
  type: FakeInboundType,
  o: FakeInboundOptions,
  userId: string,
): Record<string, unknown> {
  if (MEDIA_TYPES.has(type)) {
    const mimeType = o.media?.mimeType ?? DEFAULT_MIME[type] ?? 'application/octet-stream';
    const mediaId = state.nextId('77');
    state.media.set(mediaId, {
      id: mediaId,
      phoneNumberId: tenant.phoneNumberId,
      data: o.media?.data ?? Buffer.from(`fake ${type}`),
      mimeType,
    });
    return {
      type,
      [type]: {
        id: mediaId,
        mime_type: mimeType,
        sha256: 'ZmFrZQ==',
        ...(type === 'audio' ? { voice: o.voice ?? true } : {}),
        ...(type === 'sticker' ? { animated: false } : {}),
        ...(o.caption && type !== 'audio' && type !== 'sticker' ? { caption: o.caption } : {}),
        ...(type === 'document' ? { filename: o.media?.fileName ?? 'file.pdf' } : {}),
      },
    };
  }
  const choice = o.choice ?? { id: 'opt-1', title: 'Opção 1' };
  switch (type) {
    case 'button_reply':
    case 'list_reply':
      return { type: 'interactive', interactive: { type, [type]: choice } };
    case 'button':
      return { type: 'button', button: { payload: choice.id, text: choice.title } };
    case 'reaction':
      return {
        type: 'reaction',
        reaction: {
          message_id: o.reaction?.messageId ?? 'wamid.X',
          emoji: o.reaction?.emoji ?? '👍',
        },
      };
    case 'location':
      return { type: 'location', location: o.location ?? { latitude: -23.55, longitude: -46.63 } };
    case 'system':
      return {
        type: 'system',
        system: {
          body: o.text ?? 'User changed number',
          type: 'user_changed_user_id',
          user_id: userId,
        },
      };
    case 'unsupported':
      return {
        type: 'unsupported',
        errors: [{ code: 131051, title: 'Message type unknown', message: 'Message type unknown' }],
      };
    default:
      return { type: 'text', text: { body: o.text ?? 'Olá' } };
  }
}
