import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, textList } from './columns';
import { users } from './accounts';
import { agents } from './agents';

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
    /** WhatsApp human takeover: the bot stays quiet for this contact until then */
    botPausedUntil: timestamp('bot_paused_until', { withTimezone: true }),
    /** WhatsApp debounce: the pending burst is answered once this moment has passed */
    replyDueAt: timestamp('reply_due_at', { withTimezone: true }),
    /** a JSON list the original API had, still kept; the source of truth is the messages table */
    messages: jsonb('messages')
      .$type<unknown[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('conversations_contact_key').on(t.agentId, t.channel, t.contactId)],
);

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
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.id),
    /** one stored message per gateway message: redeliveries and our own echoes are recognised */
    uniqueIndex('messages_gateway_id_key')
      .on(t.conversationId, t.gatewayMessageId)
      .where(sql`${t.gatewayMessageId} is not null`),
    index('messages_gateway_id_idx').on(t.gatewayMessageId),
  ],
);

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
