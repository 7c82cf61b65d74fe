import type { OwnerEvent, OwnerEventsReset } from '@common/schemas/inbox';
import type { AppContext } from '../../app-context';
import type { AppDb } from '../../db/client';
import {
  countOwnerEventsAfter,
  deleteOwnerEventsBefore,
  deleteStaleStreamPlaces,
  insertConversationEvents,
  insertOwnerEvent,
  streamPositions,
  type StreamPositions,
} from './events.repo';

/** How long events are kept for a stream to resume from. */
export const OWNER_EVENTS_RETENTION_MS = 24 * 60 * 60 * 1000;
/** A reconnect replays at most this many missed events; past it, the client refetches. */
export const OWNER_EVENTS_REPLAY_MAX = 500;

/**
 * Stores an event of the owner and wakes the owner's open streams in every web process. Pass the
 * transaction (`db`) to publish with the caller's changes: the event is then seen, and streams
 * woken, only if and when it commits. Publish last in such a transaction: the owner's publish
 * lock it takes (events.repo.ts) is held until the commit, so other events of the same owner
 * wait behind it. Returns the event's id.
 */
export function publishOwnerEvent(
  ctx: AppContext,
  ownerId: number,
  event: OwnerEvent,
  db: AppDb = ctx.database.db,
): Promise<number> {
  return insertOwnerEvent(db, ownerId, event);
}

/**
 * Tells each conversation's owner that it changed: `message` (a message was added) or
 * `conversation` (its state). One event per conversation, whatever the caller did to it; the
 * screens read the conversation again. Test-console chats are skipped. A failure is the
 * caller's to log: what changed is stored, only the live refresh is missed (the screens still
 * read it on their next load).
 */
export async function publishConversationEvents(
  ctx: AppContext,
  type: 'message' | 'conversation',
  conversationIds: Iterable<number>,
): Promise<void> {
  await insertConversationEvents(
    ctx.database.db,
    new Map([...conversationIds].map((id) => [id, type])),
  );
}

/**
 * Both kinds at once, in one statement (the WhatsApp inbox batch: some conversations got a
 * message, in others a message's delivery state moved). A conversation in both is told once, as
 * `message`: the screens read it again whole either way.
 */
export async function publishConversationChanges(
  ctx: AppContext,
  changed: { message: Iterable<number>; conversation: Iterable<number> },
): Promise<void> {
  const events = new Map<number, 'message' | 'conversation'>();
  for (const id of changed.conversation) events.set(id, 'conversation');
  for (const id of changed.message) events.set(id, 'message');
  await insertConversationEvents(ctx.database.db, events);
}

/**
 * A `Last-Event-ID` as the client sent it (the header, or `?lastEventId=`): a non-negative
 * integer id, or null — no value, or one that is not an id (a word, a sign, a fraction, more
 * digits than an id can have, a repeated query parameter), which the stream reads as "from now".
 */
export function parseLastEventId(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}

export interface StreamStart {
  /** the stream sends the owner's events after this id */
  cursor: number;
  /** why the client must refetch what it shows, if it must */
  reset: OwnerEventsReset['reason'] | null;
}

/** Where a stream starts, from what the client last saw and what the database holds. */
export function startFrom(requested: number | null, positions: StreamPositions): StreamStart {
  const now = Math.max(positions.ownerLast, positions.horizon);
  if (requested === null) return { cursor: now, reset: null };
  // Not an id this database gave (another database, a restored one, or made up).
  if (requested > positions.issued) return { cursor: now, reset: 'unknown' };
  // Some of what came after it was deleted; every kept event of the owner is after the horizon.
  if (requested < positions.horizon) return { cursor: positions.horizon, reset: 'expired' };
  return { cursor: requested, reset: null };
}

/** Where a new stream of the owner starts, replay bound included. */
export async function resolveStreamStart(
  db: AppDb,
  ownerId: number,
  requested: number | null,
): Promise<StreamStart> {
  const positions = await streamPositions(db, ownerId);
  const start = startFrom(requested, positions);
  if (requested === null || start.cursor >= positions.ownerLast) return start;
  const missed = await countOwnerEventsAfter(
    db,
    ownerId,
    start.cursor,
    OWNER_EVENTS_REPLAY_MAX + 1,
  );
  if (missed <= OWNER_EVENTS_REPLAY_MAX) return start;
  return { cursor: positions.ownerLast, reset: 'too-many' };
}

/** Deletes events older than the retention (the hourly housekeeping job); how many went. */
export function purgeExpiredOwnerEvents(db: AppDb, now = new Date()): Promise<number> {
  return deleteOwnerEventsBefore(db, new Date(now.getTime() - OWNER_EVENTS_RETENTION_MS));
}

/** A stream's place not refreshed for an hour belongs to no live process (any lease is shorter). */
const STALE_PLACE_SECONDS = 3_600;

/** Forgets the stream places of processes that died (hourly, beside the events' retention). */
export function purgeStaleEventStreams(db: AppDb): Promise<number> {
  return deleteStaleStreamPlaces(db, STALE_PLACE_SECONDS);
}
