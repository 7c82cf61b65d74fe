import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';

/**
 * The owner's live events (GET /api/events): one row per event, read back by id by every web
 * process that holds a stream of the owner, and kept 24 hours (modules/events).
 */
export const ownerEvents = pgTable(
  'owner_events',
  {
    /** the SSE event id: per owner, ids grow in the order events are committed */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the event's `type` (`OwnerEvent` in common/schemas/inbox.ts) */
    type: text('type').notNull(),
    /** the rest of the event */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('owner_events_owner_id_idx').on(t.ownerId, t.id)],
);

/**
 * The newest id of each owner's events the retention has deleted: a stream that resumes from an
 * older id has missed events that cannot be replayed, and is told so.
 */
export const ownerEventHorizons = pgTable('owner_event_horizons', {
  ownerId: integer('owner_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  deletedThrough: bigint('deleted_through', { mode: 'number' }).notNull(),
});

/**
 * The owner's open live streams on every web process (GET /api/events), so their number is held
 * across processes: a row per stream, inserted under the owner's lock only while fewer than the
 * limit are alive, deleted when the stream ends. Its process's heartbeat refreshes `seenAt`; the
 * row of a process that died stops counting once its lease is over.
 */
export const ownerEventStreams = pgTable(
  'owner_event_streams',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('owner_event_streams_owner_id_idx').on(t.ownerId, t.seenAt)],
);
