import { sql } from 'drizzle-orm';
import {
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

/** Accounts: users, their sessions, request counters and their own language-model provider. */

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    /** stored lower-cased */
    email: text('email').notNull(),
    role: text('role').notNull().default('user'),
    /** the IANA time zone of the owner's days (reports); null: the operator's TZ_DEFAULT */
    timeZone: text('time_zone'),
    /**
     * when the owner closed the dashboard's "Seu agente está no ar!" card, shown once the go-live
     * checklist is complete; null: not yet (ADR 0037)
     */
    goLiveCelebratedAt: timestamp('go_live_celebrated_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(t.email),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    sid: text('sid').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('sessions_expires_at_idx').on(t.expiresAt),
    index('sessions_user_idx').on(t.userId),
  ],
);

/** Fixed-window counters shared by every web process (login, registration, widget, webhooks). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/** A user's own language-model provider settings; the key is encrypted at rest. */
export const providerCredentials = pgTable('provider_credentials', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull().default('openai'),
  apiKeyEncrypted: text('api_key_encrypted'),
  baseUrl: text('base_url'),
  defaultModel: text('default_model').notNull().default('gpt-3.5-turbo'),
  temperature: doublePrecision('temperature').notNull().default(0.7),
  updatedAt: updatedAt(),
});
