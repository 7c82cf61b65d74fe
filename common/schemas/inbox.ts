import { z } from 'zod';

/**
 * The conversations inbox: every customer conversation of the owner's agents, WhatsApp
 * and website together (test-console chats stay out), the owner's replies as a person, and the
 * owner's live events. Messages are keys of the `errors` catalogue.
 */

export const INBOX_CHANNELS = ['whatsapp', 'webchat'] as const;
export type InboxChannel = (typeof INBOX_CHANNELS)[number];

/**
 * The list's status filter: `needs-person` — the agent handed over (or the customer asked for a
 * person) and nobody has answered yet; `paused` — the bot is quiet for the contact; `failed` — a
 * turn failed after its retries; `unread` — customer messages the owner has not opened.
 */
export const INBOX_STATUSES = ['needs-person', 'paused', 'failed', 'unread'] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];

/** A reply as a person: 1–4 096 characters (a file may come alone, as multipart). */
export const INBOX_REPLY_MAX = 4096;
export const INBOX_NOTES_MAX = 2000;
export const INBOX_TAG_MAX = 40;
export const INBOX_TAGS_MAX = 20;
export const INBOX_SEARCH_MAX = 200;

/** GET /api/conversations?channel=&agentId=&status=&q=&cursor= */
export const inboxListQuerySchema = z.object({
  channel: z.enum(INBOX_CHANNELS, 'inbox.channelInvalid').optional(),
  agentId: z.coerce.number('inbox.agentInvalid').int().positive('inbox.agentInvalid').optional(),
  status: z.enum(INBOX_STATUSES, 'inbox.statusInvalid').optional(),
  q: z.string().trim().max(INBOX_SEARCH_MAX, 'inbox.searchTooLong').optional(),
  /** opaque: the `nextCursor` of the page before */
  cursor: z.string().max(200, 'inbox.cursorInvalid').optional(),
});
export type InboxListQuery = z.output<typeof inboxListQuerySchema>;

/** PATCH /api/conversations/{id} */
export const inboxPatchSchema = z
  .object({
    /** true marks every message read now; false marks the conversation unread again */
    read: z.boolean('inbox.readInvalid').optional(),
    notes: z.string('inbox.notesInvalid').max(INBOX_NOTES_MAX, 'inbox.notesTooLong').optional(),
    tags: z
      .array(
        z
          .string('inbox.tagInvalid')
          .trim()
          .min(1, 'inbox.tagInvalid')
          .max(INBOX_TAG_MAX, 'inbox.tagTooLong'),
        'inbox.tagsInvalid',
      )
      .max(INBOX_TAGS_MAX, 'inbox.tooManyTags')
      .optional(),
  })
  .strict();
export type InboxPatch = z.output<typeof inboxPatchSchema>;

/** POST /api/conversations/{id}/messages (JSON; a file comes as multipart with `text` beside it) */
export const inboxReplySchema = z.object({
  text: z
    .string('inbox.replyRequired')
    .trim()
    .min(1, 'inbox.replyRequired')
    .max(INBOX_REPLY_MAX, 'inbox.replyTooLong'),
});

/** Who wrote a message: the customer, the agent, or a person of the business. */
export type InboxAuthor = 'customer' | 'agent' | 'person';
/** Delivery of an outgoing WhatsApp message as the gateway reports it (`messages.update`). */
export type InboxDelivery = 'sent' | 'delivered' | 'read';

/** The bot's state for the contact. */
export type InboxBotState =
  | { state: 'active' }
  | { state: 'paused'; until: string }
  /** handed over (by the agent or the customer's request): quiet until "Devolver ao robô" */
  | { state: 'person' };

export interface InboxConversationItem {
  id: number;
  channel: InboxChannel;
  agent: { id: number; name: string };
  contact: { id: string; name: string | null; phone: string | null };
  lastMessage: { text: string; author: InboxAuthor; kind: string; at: string } | null;
  /** customer messages after the owner last opened the conversation */
  unread: number;
  needsPerson: boolean;
  failed: number;
  bot: InboxBotState;
  tags: string[];
}

export interface InboxListPage {
  items: InboxConversationItem[];
  nextCursor: string | null;
}

export interface InboxCitation {
  source: string;
  excerpt: string;
}

/** Why the agent wrote without being asked: a reminder, a notice of the owner's change, a follow-up. */
export const MESSAGE_ORIGINS = ['reminder', 'appointment-notice', 'follow-up'] as const;
export type MessageOrigin = (typeof MESSAGE_ORIGINS)[number];

export interface InboxMessage {
  id: number;
  author: InboxAuthor;
  kind: 'text' | 'audio' | 'image' | 'file' | 'unsupported';
  text: string;
  /** an audio's transcription, or an image's description, when the text is the caption */
  transcription: string | null;
  /** GET URL of the stored media (same origin, owner-only), when there is one */
  mediaUrl: string | null;
  mediaType: string | null;
  fileName: string | null;
  /** the passages an agent reply cited */
  citations: InboxCitation[];
  /** a message the agent started on its own (a reminder, a follow-up…); null otherwise */
  origin: MessageOrigin | null;
  status: 'pending' | 'done' | 'failed' | 'ignored';
  error: string | null;
  delivery: InboxDelivery | null;
  createdAt: string;
}

/** GET /api/conversations/{id}?before=<message id> → this (messages oldest first, a page) */
export interface InboxConversationDetail {
  conversation: InboxConversationItem & {
    notes: string;
    firstSeenAt: string;
  };
  messages: InboxMessage[];
  /** pass as `before` for the older page; null at the start */
  olderCursor: number | null;
  /**
   * The official WhatsApp line's 24-hour window: `closed` once 24 hours have passed since the
   * customer's last message — a person's free-form message is then refused, and only one of
   * `templates` (the owner's approved templates of the number's account) may go. null on a
   * channel without such a window (the QR code's line, the widget).
   */
  window: { closed: boolean; templates: InboxTemplateOption[] } | null;
}

/** An approved template a person may send when the window has closed. */
export interface InboxTemplateOption {
  id: number;
  name: string;
  language: string;
  category: string;
  /** with its variables {{1}}, {{2}}… */
  body: string;
  /** how many variables the body has: the send brings one value each, in order */
  variables: number;
  /** the examples given when it was submitted, one per variable */
  examples: string[];
}

/** POST /api/conversations/{id}/template: an approved template, its variables filled in. */
export const sendInboxTemplateSchema = z.object({
  templateId: z.number('inbox.templateRequired').int().positive('inbox.templateRequired'),
  params: z
    .array(
      z
        .string('inbox.templateParamRequired')
        .trim()
        .min(1, 'inbox.templateParamRequired')
        .max(500, 'inbox.templateParamLong'),
    )
    .max(20)
    .default([]),
});
export type SendInboxTemplateInput = z.input<typeof sendInboxTemplateSchema>;

/**
 * GET /api/events (Server-Sent Events). Each event has an `id` (resume with `Last-Event-ID`), an
 * `event` name and JSON `data`. Conversation events name the conversation only: the screens read
 * it again (GET /api/conversations…), so an event never carries a stale or partial copy.
 */
export type OwnerEvent =
  /** a message was added to the conversation (the customer's, the agent's or a person's) */
  | { type: 'message'; conversationId: number }
  /** its state changed: read, notes, tags, the bot's state, a failed turn */
  | { type: 'conversation'; conversationId: number }
  | { type: 'notification'; notification: OwnerNotification };

/**
 * GET /api/events sends a `reset` event (this data; its `id` is where the stream goes on from)
 * when it cannot replay everything the client missed: events are kept 24 hours (`expired`), a
 * reconnect replays at most 500 (`too-many`), or the `Last-Event-ID` is not one this server gave
 * (`unknown`). The client refetches what it shows.
 */
export type OwnerEventsReset = { reason: 'expired' | 'too-many' | 'unknown' };

export const NOTIFICATION_KINDS = [
  'needs-person',
  'whatsapp-disconnected',
  'document-failed',
  'payment-problem',
  'appointment-booked',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface OwnerNotification {
  id: number;
  kind: NotificationKind;
  /** what it is about: a conversation, an agent's WhatsApp, a document, the subscription */
  conversationId: number | null;
  agentId: number | null;
  /** a short text the server wrote in the owner's language, e.g. the contact's name */
  subject: string | null;
  readAt: string | null;
  createdAt: string;
}
