import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { agents } from './agents';
import { createdAt, updatedAt } from './columns';
import { conversations } from './conversations';

/**
 * The agent's WhatsApp follow-ups (modules/follow-ups): on or off, and after how many
 * hours of the customer's silence each one goes. None saved: off.
 */
export const followUpSettings = pgTable('follow_up_settings', {
  agentId: integer('agent_id')
    .primaryKey()
    .references(() => agents.id, { onDelete: 'cascade' }),
  ownerId: integer('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull(),
  delaysHours: jsonb('delays_hours').$type<number[]>().notNull(),
  updatedAt: updatedAt(),
});

/**
 * One follow-up of one conversation: attempt n after the agent's message that left something
 * open (`after_message_id`). The unique key makes scheduling idempotent; the conditional update
 * scheduled → sending is the one claim that sends it, as for the reminders (ADR 0031). The
 * pg-boss job is only its timer. Erasing the contact erases its conversations and these with them.
 */
export const followUps = pgTable(
  'follow_ups',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** the agent's message that left something open; a newer message makes this one moot */
    afterMessageId: integer('after_message_id').notNull(),
    /** 1…n: the place of this follow-up among the agent's delays */
    attempt: integer('attempt').notNull(),
    /** what was open: 'question' | 'quote' | 'interest' */
    reason: text('reason').notNull(),
    /** the delay after the open message, in hours, as the settings had it */
    delayHours: doublePrecision('delay_hours').notNull(),
    /** when it goes: the delay after the open message, moved to the next business opening */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** 'scheduled' | 'sending' | 'sent' | 'skipped' | 'cancelled' */
    status: text('status').notNull(),
    /**
     * why it was not sent: 'replied' | 'stopped' | 'person' | 'ended' | 'window' | 'closed' |
     * 'disabled' | 'disconnected' | 'superseded' | 'message-deleted'
     */
    skipReason: text('skip_reason'),
    /** the message stored before the send: its gateway id tells whether it went out */
    messageId: integer('message_id'),
    /** the last send attempt (the echo wait counts from it) */
    attemptAt: timestamp('attempt_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('follow_ups_key').on(t.conversationId, t.afterMessageId, t.attempt),
    // the sweep: what is due and has no job, read from the oldest due time
    index('follow_ups_due_idx')
      .on(t.dueAt)
      .where(sql`${t.status} = 'scheduled'`),
    index('follow_ups_sending_idx')
      .on(t.attemptAt)
      .where(sql`${t.status} = 'sending'`),
    index('follow_ups_conversation_idx').on(t.conversationId),
  ],
);
