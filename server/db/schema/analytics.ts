import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';
import { agents } from './agents';
import { conversations, messages } from './conversations';
import { ragDocuments } from './knowledge';

/**
 * Questions the agents could not answer (modules/analytics): each question as asked (by
 * a customer, or by the owner in the test console — ADR 0037), in a group of similar ones per
 * agent, open until the owner answers the group.
 */
export const unansweredGroups = pgTable(
  'unanswered_groups',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    /** the most recent wording */
    question: text('question').notNull(),
    /**
     * the words the group is matched on: the first question's meaningful words, stemmed and
     * without accents (unanswered-similarity.ts); a new question joins the most similar open group
     */
    stems: text('stems')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    lastAskedAt: timestamp('last_asked_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** the knowledge entry the owner's answer became */
    documentId: integer('document_id').references(() => ragDocuments.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    index('unanswered_groups_open_idx')
      .on(t.ownerId, t.lastAskedAt)
      .where(sql`${t.answeredAt} is null`),
    index('unanswered_groups_agent_open_idx')
      .on(t.agentId)
      .where(sql`${t.answeredAt} is null`),
  ],
);

export const unansweredQuestions = pgTable(
  'unanswered_questions',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => unansweredGroups.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    /** null for a question asked in the test console: it keeps no conversation (cleared at will) */
    conversationId: integer('conversation_id').references(() => conversations.id, {
      onDelete: 'cascade',
    }),
    /** `UnansweredOrigin`: 'customer' (a conversation's) or 'test' (the owner's test console) */
    origin: text('origin').notNull().default('customer'),
    /** the customer message asked in (the last of a WhatsApp turn); null where none is known */
    messageId: integer('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    /** `UnansweredReason` (common/schemas/analytics.ts) */
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('unanswered_questions_group_idx').on(t.groupId, t.id),
    // A WhatsApp turn planned again (a retried job) records its question once.
    uniqueIndex('unanswered_questions_message_key')
      .on(t.messageId)
      .where(sql`${t.messageId} is not null`),
    // A customer's question is of a conversation; a test question is of none.
    check(
      'unanswered_questions_origin_check',
      sql`(${t.origin} = 'customer' AND ${t.conversationId} IS NOT NULL) OR (${t.origin} = 'test' AND ${t.conversationId} IS NULL)`,
    ),
  ],
);

/*
 * The overview's rollups (ADR 0024), kept by database triggers (migration 0017) as messages and
 * model calls are stored, so GET /api/analytics/overview reads a few pre-aggregated rows instead
 * of the period's messages. Only the customer channels (whatsapp, webchat) are kept: the test
 * console is never reported. Buckets are 15-minute UTC intervals: every time zone's offset is a
 * whole number of quarter hours, so the owner's days, weekdays and hours are unions of whole
 * buckets in any zone they pick, at any time, with no rebuild.
 */

/** Per conversation and bucket: its messages as the overview counts them. */
export const analyticsConversationBuckets = pgTable(
  'analytics_conversation_buckets',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    ownerId: integer('owner_id').notNull(),
    agentId: integer('agent_id').notNull(),
    channel: text('channel').notNull(),
    /** the customer's messages, but those ignored */
    messagesIn: integer('messages_in').notNull().default(0),
    /** messages sent to the customer (the agent's or a person's, status done) */
    messagesOut: integer('messages_out').notNull().default(0),
    /** a person's messages, whatever their status (the handoff count) */
    messagesHuman: integer('messages_human').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.bucket] }),
    index('analytics_conversation_buckets_owner_idx').on(t.ownerId, t.bucket),
  ],
);

/**
 * One row per turn: a customer message that follows no other customer message (among the
 * conversation's counted messages, in id order), and the first message sent to the customer after
 * it — the first-response time.
 */
export const analyticsTurns = pgTable(
  'analytics_turns',
  {
    /** the customer message that opened the turn */
    messageId: integer('message_id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id').notNull(),
    agentId: integer('agent_id').notNull(),
    channel: text('channel').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    /** the answer, null until one is sent */
    answerId: integer('answer_id'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /**
     * The first-response time in milliseconds, null while unanswered: stored (migration 0018, ADR
     * 0025) so the percentiles sort a column instead of computing it for every turn of the period.
     */
    responseMs: doublePrecision('response_ms').generatedAlwaysAs(
      sql`extract(epoch FROM (answered_at - opened_at)) * 1000`,
    ),
  },
  (t) => [
    index('analytics_turns_owner_idx').on(t.ownerId, t.openedAt),
    index('analytics_turns_conversation_idx').on(t.conversationId, t.messageId),
    // The turn an answer closes: at most one open per conversation.
    index('analytics_turns_open_idx')
      .on(t.conversationId)
      .where(sql`${t.answerId} is null`),
  ],
);

/**
 * Model calls' tokens per owner, agent, channel, model and bucket. The agent is kept as it was
 * when the call was made (0 for none), with no foreign key: usage_records keeps a deleted agent's
 * calls (agent_id set null), and so do these sums, in the owner's totals.
 */
export const analyticsUsageBuckets = pgTable(
  'analytics_usage_buckets',
  {
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    agentId: integer('agent_id').notNull(),
    channel: text('channel').notNull(),
    model: text('model').notNull(),
    inputTokens: bigint('input_tokens', { mode: 'number' }).notNull().default(0),
    outputTokens: bigint('output_tokens', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.bucket, t.agentId, t.channel, t.model] })],
);
