import type {
  InboxAuthor,
  InboxBotState,
  InboxChannel,
  InboxCitation,
  InboxConversationItem,
  InboxMessage,
} from '@common/schemas/inbox';
import { MESSAGE_ORIGINS } from '@common/schemas/inbox';
import type { MessageMedia } from '../../db/schema';
import { translate } from '../../lib/i18n';
import { PERSON_SEND_STALE_MS, STORED_FILE, type MessageRow } from '../conversations';

/**
 * How the inbox shows what is stored: a message row as an `InboxMessage`, a conversation (as
 * `inbox.repo` reads it) as an `InboxConversationItem`. Pure, so the live events can send the same
 * shapes as the routes.
 */

export type { MessageRow };

const AUTHORS: Record<string, InboxAuthor> = {
  user: 'customer',
  assistant: 'agent',
  human: 'person',
};

/** role user → customer, assistant → agent, human (a person of the business) → person */
export const authorOf = (role: string): InboxAuthor => AUTHORS[role] ?? 'customer';

const KINDS = new Set<string>(['text', 'audio', 'image', 'file', 'unsupported']);
const kindOf = (kind: string): InboxMessage['kind'] =>
  KINDS.has(kind) ? (kind as InboxMessage['kind']) : 'unsupported';

const STATUSES = new Set<string>(['pending', 'done', 'failed', 'ignored']);

/**
 * A message's text and transcription. The pipeline stores an audio's transcript as its content
 * (the model's memory reads it there): for an audio that is its transcription, and it has no text.
 */
export function textOf(
  kind: string,
  content: string,
  media: MessageMedia | null,
): { text: string; transcription: string | null } {
  if (kind === 'audio') {
    return { text: '', transcription: media?.transcription ?? (content || null) };
  }
  return { text: content, transcription: media?.transcription ?? null };
}

/** Only well-formed `{ source, excerpt }` entries: the column is written by us, read defensively. */
function citationsOf(value: unknown): InboxCitation[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((c: unknown) => {
    const { source, excerpt } = (c ?? {}) as Record<string, unknown>;
    return typeof source === 'string' && typeof excerpt === 'string' ? [{ source, excerpt }] : [];
  });
}

const ORIGINS = new Set<string>(MESSAGE_ORIGINS);

type MessageFields = Pick<
  MessageRow,
  | 'id'
  | 'conversationId'
  | 'role'
  | 'kind'
  | 'content'
  | 'media'
  | 'citations'
  | 'origin'
  | 'status'
  | 'error'
  | 'delivery'
  | 'gatewayMessageId'
  | 'createdAt'
>;

/**
 * A WhatsApp customer's voice message or photo: its bytes are at the gateway (inline in the
 * stored delivery, or downloadable), fetched on the owner's first view and then kept.
 */
export const customerMedia = (row: Pick<MessageRow, 'role' | 'kind' | 'gatewayMessageId'>) =>
  row.role === 'user' &&
  (row.kind === 'audio' || row.kind === 'image') &&
  row.gatewayMessageId !== null;

/** The owner-only URL of a message's stored file. */
export const messageFileUrl = (conversationId: number, messageId: number) =>
  `/api/conversations/${conversationId}/messages/${messageId}/file`;

/** A person's message whose send was interrupted (still pending, long past any send). */
export const interruptedSend = (
  row: Pick<MessageRow, 'role' | 'status' | 'gatewayMessageId' | 'createdAt'>,
  now = Date.now(),
) =>
  row.role === 'human' &&
  row.status === 'pending' &&
  row.gatewayMessageId === null &&
  now - row.createdAt.getTime() > PERSON_SEND_STALE_MS;

export function toInboxMessage(row: MessageFields): InboxMessage {
  const author = authorOf(row.role);
  const interrupted = interruptedSend(row);
  // What went out through the gateway was sent, whatever its later receipts (messages.update).
  const sent = author !== 'customer' && row.gatewayMessageId !== null ? 'sent' : null;
  return {
    id: row.id,
    author,
    kind: kindOf(row.kind),
    ...textOf(row.kind, row.content, row.media),
    mediaUrl:
      row.media?.storage === STORED_FILE || customerMedia(row)
        ? messageFileUrl(row.conversationId, row.id)
        : null,
    mediaType: row.media?.mimetype ?? null,
    fileName: row.media?.fileName ?? null,
    citations: citationsOf(row.citations),
    origin: ORIGINS.has(row.origin ?? '') ? row.origin : null,
    status: interrupted
      ? 'failed'
      : STATUSES.has(row.status)
        ? (row.status as InboxMessage['status'])
        : 'done',
    error: interrupted ? translate('codes.REPLY_SEND_INTERRUPTED', 'pt-BR') : row.error,
    delivery: row.delivery ?? sent,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A conversation as `inbox.repo` reads it (times as ISO text, computed at read time). */
export interface InboxItemRow {
  id: number;
  channel: string;
  agent_id: number;
  agent_name: string;
  contact_id: string;
  contact_name: string | null;
  unread_count: number;
  handed_over: boolean;
  /** the pause's end, only while it lasts */
  paused_until: string | null;
  failed: number;
  tags: string[];
  notes: string;
  first_seen_at: string;
  last_role: string | null;
  last_kind: string | null;
  last_content: string | null;
  last_media: MessageMedia | null;
  last_at: string | null;
  /** the list's keyset: last_activity_at to the microsecond, UTC */
  activity_key: string;
}

function botOf(row: InboxItemRow): InboxBotState {
  if (row.handed_over) return { state: 'person' };
  if (row.paused_until) return { state: 'paused', until: row.paused_until };
  return { state: 'active' };
}

/** A WhatsApp contact is known by their phone's digits, or by a LID / group JID without one. */
const phoneOf = (channel: string, contactId: string) =>
  channel === 'whatsapp' && /^\d+$/.test(contactId) ? contactId : null;

export function toInboxItem(row: InboxItemRow): InboxConversationItem {
  // The preview of an audio is what was said.
  const last = textOf(row.last_kind ?? 'text', row.last_content ?? '', row.last_media);
  return {
    id: row.id,
    channel: row.channel as InboxChannel,
    agent: { id: row.agent_id, name: row.agent_name },
    contact: {
      id: row.contact_id,
      name: row.contact_name,
      phone: phoneOf(row.channel, row.contact_id),
    },
    lastMessage:
      row.last_at === null || row.last_role === null
        ? null
        : {
            text: last.text || (last.transcription ?? ''),
            author: authorOf(row.last_role),
            kind: kindOf(row.last_kind ?? 'text'),
            at: row.last_at,
          },
    unread: row.unread_count,
    needsPerson: row.handed_over,
    failed: row.failed,
    bot: botOf(row),
    tags: row.tags,
  };
}
