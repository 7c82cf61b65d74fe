import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';
import { agents } from './agents';
import { conversations, messages } from './conversations';
import { ragDocuments } from './knowledge';

/**
 * Questions the agents could not answer (modules/analytics, issue 20): each customer question as
 * asked, in a group of similar ones per agent, open until the owner answers the group.
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
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
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
  ],
);
