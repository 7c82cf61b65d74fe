import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import { createdAt, updatedAt } from './columns';
import { users } from './accounts';
import { agents } from './agents';
import { conversations } from './conversations';

/**
 * Appointments (modules/appointments): the services an agent books, when (availability,
 * with capacity) and the business hours, the appointments, the public booking page's slug and the
 * owner's calendar feed. Capacity is enforced by an exclusion constraint on `appointments`
 * (hand-written at the end of its migration; ADR 0026).
 */

/** Weekly windows as the contract has them (`HH:MM` wall-clock times of the row's time zone). */
export interface StoredWindow {
  weekday: number;
  start: string;
  end: string;
  capacity?: number;
}

export const appointmentServices = pgTable(
  'appointment_services',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    /** integer cents; null: no price shown */
    priceCents: integer('price_cents'),
    bufferMinutes: integer('buffer_minutes').notNull().default(0),
    /** deleted services keep their appointments (and their names in the agenda and feed) */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('appointment_services_agent_idx').on(t.agentId, t.id)],
);

/** One row per agent once saved; none means "no availability": nothing can be booked. */
export const appointmentAvailability = pgTable(
  'appointment_availability',
  {
    agentId: integer('agent_id')
      .primaryKey()
      .references(() => agents.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    timezone: text('timezone').notNull(),
    weekly: jsonb('weekly').$type<StoredWindow[]>().notNull(),
    /** how many days ahead customers may book (BOOKING_HORIZON_DAYS of common/schemas/appointments) */
    horizonDays: integer('horizon_days').notNull().default(60),
    updatedAt: updatedAt(),
  },
  (t) => [check('appointment_availability_horizon_check', sql`${t.horizonDays} BETWEEN 1 AND 365`)],
);

/** One row per agent once saved; none (or an empty week) means always open. */
export const businessHours = pgTable('business_hours', {
  agentId: integer('agent_id')
    .primaryKey()
    .references(() => agents.id, { onDelete: 'cascade' }),
  ownerId: integer('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  timezone: text('timezone').notNull(),
  weekly: jsonb('weekly').$type<StoredWindow[]>().notNull(),
  /** `YYYY-MM-DD` days of the row's zone */
  holidays: jsonb('holidays').$type<string[]>().notNull(),
  /** 'answer' | 'message' */
  outOfHours: text('out_of_hours').notNull(),
  outOfHoursMessage: text('out_of_hours_message').notNull(),
  /**
   * the week and zone are the availability's (one schedule, edited once; ADR 0035); false: the
   * row's own `weekly` and `timezone`. No row: following.
   */
  followsAvailability: boolean('follows_availability').notNull().default(true),
  updatedAt: updatedAt(),
});

export const appointments = pgTable(
  'appointments',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => appointmentServices.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** [starts_at − buffer, ends_at + buffer): the time the appointment keeps its seat */
    blockedFrom: timestamp('blocked_from', { withTimezone: true }).notNull(),
    blockedTo: timestamp('blocked_to', { withTimezone: true }).notNull(),
    /** which of its window's capacity (1..capacity) it holds; the exclusion constraint's key */
    seat: integer('seat').notNull(),
    /** 'confirmed' | 'cancelled' */
    status: text('status').notNull(),
    customerName: text('customer_name').notNull(),
    /** digits, with a leading + when given */
    customerPhone: text('customer_phone').notNull(),
    /** 'dashboard' | 'booking_page' | 'agent' */
    source: text('source').notNull(),
    conversationId: integer('conversation_id').references(() => conversations.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('appointments_owner_starts_idx').on(t.ownerId, t.startsAt),
    index('appointments_agent_blocked_idx').on(t.agentId, t.blockedFrom),
    index('appointments_owner_phone_idx').on(t.ownerId, t.customerPhone),
  ],
);

/** The public booking page's address (`/agendar/{slug}`), one per agent. */
export const bookingPages = pgTable(
  'booking_pages',
  {
    agentId: integer('agent_id')
      .primaryKey()
      .references(() => agents.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    /** the business's name the page and the calendar show; null: the agent's name (ADR 0035) */
    businessName: text('business_name'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('booking_pages_slug_key').on(t.slug)],
);

/**
 * The owner's calendar feed. The URL's token is HMAC(APP_SECRET, owner and nonce): only its
 * SHA-256 is stored (the lookup key), so neither a copy of the database alone nor a log of it can
 * open a feed; rotating draws a new nonce.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    ownerId: integer('owner_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    tokenHash: text('token_hash').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_hash_key').on(t.tokenHash)],
);

/**
 * The agent's appointment reminders on WhatsApp (modules/reminders): on or off and how many hours
 * before the appointment each one goes. None: on, 24 h and 2 h before.
 */
export const reminderSettings = pgTable('reminder_settings', {
  agentId: integer('agent_id')
    .primaryKey()
    .references(() => agents.id, { onDelete: 'cascade' }),
  ownerId: integer('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull(),
  hoursBefore: jsonb('hours_before').$type<number[]>().notNull(),
  updatedAt: updatedAt(),
});

/**
 * One reminder of one appointment (or one notice of the owner's change), for the start it was
 * scheduled for: the unique key (appointment, kind, hours before, starts_at) makes scheduling idempotent, and the conditional update
 * scheduled → sending is the one claim that sends it (ADR 0029). The pg-boss job is only its timer.
 */
export const appointmentReminders = pgTable(
  'appointment_reminders',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    /**
     * 'reminder' (before the appointment), or a notice of the owner's change sent at once:
     * 'moved' | 'cancelled' (hours_before 0)
     */
    kind: text('kind').notNull().default('reminder'),
    hoursBefore: doublePrecision('hours_before').notNull(),
    /** the appointment's start this reminder is for: a move makes new rows */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** when it goes: the lead before the start, moved to the next business opening */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** 'scheduled' | 'sending' | 'sent' | 'skipped' | 'cancelled' */
    status: text('status').notNull(),
    /** why it was skipped: 'no-whatsapp' | 'late' | 'superseded' | 'closed' | 'disabled' */
    reason: text('reason'),
    conversationId: integer('conversation_id').references(() => conversations.id, {
      onDelete: 'set null',
    }),
    /** the message stored before the send: its gateway id tells whether it went out */
    messageId: integer('message_id'),
    /** the last send attempt (the echo wait counts from it) */
    attemptAt: timestamp('attempt_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** the customer's answer: 'confirmed' | 'cancelled' */
    answer: text('answer'),
    /** the customer message that answered (a re-planned turn finds its answer again) */
    answerMessageId: integer('answer_message_id'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('appointment_reminders_key').on(t.appointmentId, t.kind, t.hoursBefore, t.startsAt),
    // the sweep: what is due and has no job, read from the oldest due time
    index('appointment_reminders_due_idx')
      .on(t.dueAt)
      .where(sql`${t.status} = 'scheduled'`),
    index('appointment_reminders_sending_idx')
      .on(t.attemptAt)
      .where(sql`${t.status} = 'sending'`),
    index('appointment_reminders_conversation_idx')
      .on(t.conversationId, t.sentAt)
      .where(sql`${t.status} = 'sent'`),
  ],
);
