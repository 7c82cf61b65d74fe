/**
 * The owner's live events: `publishOwnerEvent` stores an event of an owner (in the
 * caller's transaction, if given) and wakes the owner's open streams in every web process;
 * `GET /api/events` streams them as Server-Sent Events, resumable by `Last-Event-ID`; the hourly
 * housekeeping deletes events older than 24 hours. Delivery across processes rides on the
 * database's LISTEN/NOTIFY (`Database.notifications`, db/listen.ts); events are always read
 * back from the `owner_events` table by id. An owner has at most `MAX_STREAMS_PER_OWNER` streams
 * open across every process (`owner_event_streams`); the next is refused at once with a 429.
 */
export {
  OWNER_EVENTS_REPLAY_MAX,
  OWNER_EVENTS_RETENTION_MS,
  publishConversationChanges,
  publishConversationEvents,
  publishOwnerEvent,
  purgeExpiredOwnerEvents,
  purgeStaleEventStreams,
} from './events.service';
export { eraseOwnerEventsAbout } from './events.repo';
export { ownerEventRoutes } from './events.routes';
export { MAX_STREAMS_PER_OWNER, STREAMS_FULL_RETRY_SECONDS } from './event-hub';
