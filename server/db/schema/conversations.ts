import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { InboxCitation, InboxDelivery, MessageOrigin } from '@common/schemas/inbox';
import { bytea, createdAt, updatedAt, textList, tsvector } from './columns';
import { users } from './accounts';
import { agents } from './agents';
import { contacts } from './contacts';

/**
 * Conversations of every channel, their messages, the webhook inbox, model usage and the widget's
 * configuration.
 */

/** How the website widget of an agent looks and where it may run (its embed config). */
export const webchatConfigs = pgTable('webchat_configs', {
  agentId: integer('agent_id')
    .primaryKey()
    .references(() => agents.id, { onDelete: 'cascade' }),
  /** theme, texts, position, size, container — validated by common/schemas on the way in */
  config: jsonb('config')
    .$type<Record<string, unknown>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  /** host names allowed to embed the widget; empty means any */
  allowedDomains: textList('allowed_domains'),
  /** the last site (origin) the widget was seen on, other than our own pages: "installed" */
  seenOrigin: text('seen_origin'),
  seenAt: timestamp('seen_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});

export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    /** 'test' | 'webchat' | 'whatsapp' */
    channel: text('channel').notNull(),
    /** phone number, widget visitor id, or the owner's id for test chats */
    contactId: text('contact_id').notNull(),
    /** customer's WhatsApp name or the widget's visitor label */
    contactName: text('contact_name'),
    /** the person (modules/contacts), linked by a trigger on insert; null for test chats */
    linkedContactId: integer('linked_contact_id').references(() => contacts.id, {
      onDelete: 'set null',
    }),
    /** WhatsApp human takeover: the bot stays quiet for this contact until then */
    botPausedUntil: timestamp('bot_paused_until', { withTimezone: true }),
    /** WhatsApp debounce: the pending burst is answered once this moment has passed */
    replyDueAt: timestamp('reply_due_at', { withTimezone: true }),
    /**
     * A person must answer (a handoff, by the owner or the agent): the bot is quiet on every
     * channel until the owner resumes it. Set by a handoff, cleared by a resume.
     */
    handedOverAt: timestamp('handed_over_at', { withTimezone: true }),
    /** when the owner last opened the conversation in the inbox */
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    /**
     * Kept by the trigger on messages (migration 0010), on every insert path: the newest message
     * (highest id), the newest activity (the newest message's time; the creation while there is
     * none) and the customer messages since the owner last read it (reset by marking it read).
     */
    lastMessageId: integer('last_message_id'),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    unreadCount: integer('unread_count').notNull().default(0),
    /** the owner's notes and tags on the contact (the inbox's contact card) */
    notes: text('notes').notNull().default(''),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** a JSON list the original API had, still kept; the source of truth is the messages table */
    messages: jsonb('messages')
      .$type<unknown[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('conversations_contact_key').on(t.agentId, t.channel, t.contactId),
    // The inbox: an agent's customer conversations, newest activity first, read backwards from a
    // keyset (activity, id); test-console chats are not in it.
    index('conversations_inbox_idx')
      .on(t.agentId, t.lastActivityAt, t.id)
      .where(sql`${t.channel} <> 'test'`),
    index('conversations_linked_contact_idx').on(t.linkedContactId),
  ],
);

/**
 * What happened to a conversation's bot, appended as it happens (the takeover rule,
 * modules/conversations/takeover.ts): a handoff (a person must answer), a pause (a person is answering)
 * or a resume. `conversations` keeps only the current state; the reports need when a person stepped
 * in on either channel (ADR 0020).
 */
export const conversationEvents = pgTable(
  'conversation_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /**
     * 'handoff' | 'pause' | 'resume' | 'out_of_hours' (a notice sent, ADR 0028) | 'follow_ups_stopped'
     * (the customer said 'parar': no follow-up again, ADR 0031)
     */
    kind: text('kind').notNull(),
    /** who: 'agent' | 'owner' | 'keyword' | 'message' */
    by: text('by').notNull(),
    /** a pause's end; an out-of-hours notice's period end (the next opening) */
    until: timestamp('until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('conversation_events_conversation_idx').on(t.conversationId, t.createdAt)],
);

/** A message's media: what it is and where its bytes are, and an audio's transcription. */
export interface MessageMedia {
  mimetype: string | null;
  fileName?: string | null;
  /** where the bytes are, when we keep them (e.g. a stored file's path); null: at the gateway */
  storage?: string | null;
  transcription?: string | null;
}

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** 'user' | 'assistant' | 'human' (owner typing on the phone) */
    role: text('role').notNull(),
    content: text('content').notNull(),
    gatewayMessageId: text('gateway_message_id'),
    /** text | audio | image | unsupported (what the customer sent; replies are text or audio) */
    kind: text('kind').notNull().default('text'),
    /** pending (awaiting the reply) | done | failed (dead-lettered, shown in the UI) | ignored */
    status: text('status').notNull().default('done'),
    /** why a turn failed after its last retry */
    error: text('error'),
    inputTokens: integer('input_tokens'),
    outputTokens: integer('output_tokens'),
    latencyMs: integer('latency_ms'),
    /** an outgoing WhatsApp message as the gateway reports it: sent | delivered | read */
    delivery: text('delivery').$type<InboxDelivery>(),
    deliveryAt: timestamp('delivery_at', { withTimezone: true }),
    /**
     * What Meta bills for an outgoing message on the official line, from its status webhooks:
     * the pricing `category` and `type` ('regular' is billable) and the recipient's market
     * (`country`, from their phone or business-scoped id). The reports price it (analytics).
     */
    channelPricing: jsonb('channel_pricing').$type<{
      category: string | null;
      type: string | null;
      country: string | null;
    }>(),
    media: jsonb('media').$type<MessageMedia>(),
    /** the passages an agent reply cited */
    citations: jsonb('citations').$type<InboxCitation[]>(),
    /**
     * A message the business started outside a turn (ADR 0031): 'reminder' | 'appointment-notice'
     * | 'follow-up'; null for everything else.
     */
    origin: text('origin').$type<MessageOrigin>(),
    /** the inbox's search: Portuguese, accent-insensitive, as the knowledge base's */
    tsv: tsvector('tsv').generatedAlwaysAs(
      sql`to_tsvector('portuguese'::regconfig, immutable_unaccent(content))`,
    ),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.id),
    // One GIN index over the conversation and the lexemes (btree_gin), as the knowledge base's:
    // a conversation's own entries can be read without every tenant's matches for a common word.
    index('messages_conversation_tsv_idx').using('gin', t.conversationId, t.tsv),
    /** the inbox's "failed" filter and count: few rows, read per conversation */
    index('messages_failed_idx')
      .on(t.conversationId)
      .where(sql`${t.status} = 'failed'`),
    check('messages_delivery_check', sql`${t.delivery} IN ('sent', 'delivered', 'read')`),
    /** one stored message per gateway message: redeliveries and our own echoes are recognised */
    uniqueIndex('messages_gateway_id_key')
      .on(t.conversationId, t.gatewayMessageId)
      .where(sql`${t.gatewayMessageId} is not null`),
    index('messages_gateway_id_idx').on(t.gatewayMessageId),
  ],
);

/**
 * A file a person of the business sent from the inbox (an image or a document), kept with its
 * message: the owner reads it back at GET /api/conversations/{id}/messages/{messageId}/file, the
 * website visitor through the widget's own URL. Type and size were checked by content on upload.
 */
export const messageFiles = pgTable('message_files', {
  messageId: integer('message_id')
    .primaryKey()
    .references(() => messages.id, { onDelete: 'cascade' }),
  /** decided from the bytes, never from the name */
  mimetype: text('mimetype').notNull(),
  /** a cleaned name (no path, no control characters), for the download and the gateway */
  fileName: text('file_name').notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  createdAt: createdAt(),
});

/** Webhook deliveries stored before they are processed (WhatsApp gateway, payments). */
export const webhookInbox = pgTable(
  'webhook_inbox',
  {
    id: serial('id').primaryKey(),
    source: text('source').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('received'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('webhook_inbox_dedupe_key').on(t.source, t.dedupeKey)],
);

/** One row per model call, so cost can be shown per user and agent. */
export const usageRecords = pgTable(
  'usage_records',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id').references(() => agents.id, { onDelete: 'set null' }),
    channel: text('channel').notNull(),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    latencyMs: integer('latency_ms').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('usage_records_owner_idx').on(t.ownerId, t.createdAt)],
);
