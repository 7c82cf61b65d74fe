import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { OwnerEvent } from '@common/schemas/inbox';
import { queryRows, type AppDb } from '../../db/client';
import { ownerEvents } from '../../db/schema';
import { textArray } from '../../db/sql-arrays';

/** The NOTIFY channel; its payload is the owner's id. */
export const OWNER_EVENTS_CHANNEL = 'owner_events';

/**
 * First key of the per-owner advisory lock (the second is the owner's id); a constant of ours,
 * beside the migration lock's 727_001 (db/migrate.ts).
 */
const PUBLISH_LOCK_SPACE = 727_019;

export interface StoredEvent {
  id: number;
  type: string;
  payload: Record<string, unknown>;
}

/**
 * Stores the event and announces it (delivered when the transaction commits), in one statement:
 * the owner's advisory lock is taken, and the stream notified, before the event's id is drawn.
 * The lock, held until the commit, makes one owner's events commit in the order of their ids, so
 * a reader that has seen id N never meets a smaller one later (two transactions of one owner could
 * otherwise take ids 10 and 11 and commit 11 first: a stream at 11 would skip 10). In the caller's
 * transaction the statement joins it; otherwise it is its own.
 */
export async function insertOwnerEvent(
  db: AppDb,
  ownerId: number,
  event: OwnerEvent,
): Promise<number> {
  const { type, ...payload } = event;
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO owner_events (owner_id, type, payload)
        SELECT ${ownerId}::int, ${type}::text, ${JSON.stringify(payload)}::jsonb
          FROM (SELECT pg_advisory_xact_lock(${PUBLISH_LOCK_SPACE}::int, ${ownerId}::int),
                       pg_notify(${OWNER_EVENTS_CHANNEL}, ${String(ownerId)})) AS announced
        RETURNING id::float8 AS id`,
  );
  return row!.id;
}

/** The owner's events after `afterId`, oldest first. */
export function ownerEventsAfter(
  db: AppDb,
  ownerId: number,
  afterId: number,
  limit: number,
): Promise<StoredEvent[]> {
  return db
    .select({ id: ownerEvents.id, type: ownerEvents.type, payload: ownerEvents.payload })
    .from(ownerEvents)
    .where(and(eq(ownerEvents.ownerId, ownerId), gt(ownerEvents.id, afterId)))
    .orderBy(asc(ownerEvents.id))
    .limit(limit);
}

/** How many of the owner's events come after `afterId`, counted up to `limit`. */
export async function countOwnerEventsAfter(
  db: AppDb,
  ownerId: number,
  afterId: number,
  limit: number,
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM (
          SELECT 1 FROM owner_events WHERE owner_id = ${ownerId} AND id > ${afterId} LIMIT ${limit}
        ) AS missed`,
  );
  return row?.n ?? 0;
}

export interface StreamPositions {
  /** the owner's newest kept event (0: none) */
  ownerLast: number;
  /** the owner's newest event the retention deleted (0: none) */
  horizon: number;
  /** the last id the sequence gave anyone (0: none yet) */
  issued: number;
}

export async function streamPositions(db: AppDb, ownerId: number): Promise<StreamPositions> {
  const [row] = await queryRows<{ ownerLast: number; horizon: number; issued: number }>(
    db,
    sql`SELECT
          coalesce((SELECT max(id) FROM owner_events WHERE owner_id = ${ownerId}), 0)::float8
            AS "ownerLast",
          coalesce((SELECT deleted_through FROM owner_event_horizons
                    WHERE owner_id = ${ownerId}), 0)::float8 AS horizon,
          (SELECT CASE WHEN is_called THEN last_value ELSE 0 END
             FROM owner_events_id_seq)::float8 AS issued`,
  );
  return row!;
}

/**
 * Deletes the events created before `cutoff` and records, per owner, the newest id deleted (a
 * stream resuming from below it is told to refetch).
 */
export async function deleteOwnerEventsBefore(db: AppDb, cutoff: Date): Promise<number> {
  const [row] = await queryRows<{ deleted: number }>(
    db,
    sql`WITH gone AS (
          DELETE FROM owner_events WHERE created_at < ${cutoff.toISOString()}
          RETURNING owner_id, id
        ), horizons AS (
          INSERT INTO owner_event_horizons AS h (owner_id, deleted_through)
          SELECT owner_id, max(id) FROM gone GROUP BY owner_id
          ON CONFLICT (owner_id) DO UPDATE
            SET deleted_through = greatest(h.deleted_through, excluded.deleted_through)
        )
        SELECT count(*)::int AS deleted FROM gone`,
  );
  return row?.deleted ?? 0;
}

/**
 * One event for each customer conversation of `events` (its id → the event's type), to its owner,
 * in one statement (its own transaction): the owners are looked up, each owner's publish lock
 * taken and their streams notified before the events' ids are drawn, as insertOwnerEvent does.
 * Test-console chats have no event (they are not in the inbox).
 */
export async function insertConversationEvents(
  db: AppDb,
  events: ReadonlyMap<number, 'message' | 'conversation'>,
): Promise<void> {
  if (events.size === 0) return;
  const rows = sql.join(
    [...events].map(([id, type]) => sql`(${id}::int, ${type}::text)`),
    sql`, `,
  );
  await db.execute(
    sql`INSERT INTO owner_events (owner_id, type, payload)
        SELECT owner_id, type, json_build_object('conversationId', conversation_id)
          FROM (SELECT conversation_id, owner_id, type,
                       pg_advisory_xact_lock(${PUBLISH_LOCK_SPACE}::int, owner_id),
                       pg_notify(${OWNER_EVENTS_CHANNEL}, owner_id::text)
                  -- locks taken in owner order: two statements never wait on each other
                  FROM (SELECT c.id AS conversation_id, a.owner_id, e.type
                          FROM (VALUES ${rows}) AS e (id, type)
                          JOIN conversations c ON c.id = e.id
                          JOIN agents a ON a.id = c.agent_id
                         WHERE c.channel <> 'test'
                         ORDER BY a.owner_id, c.id) AS owners) AS announced`,
  );
}

/**
 * First key of the per-owner advisory lock under which a stream's place is claimed (the second is
 * the owner's id), beside the publish lock's.
 */
const STREAMS_LOCK_SPACE = 727_020;

/**
 * Claims a place for a new stream of the owner, across every web process: under the owner's lock,
 * forgets the owner's streams whose lease ran out (their process died) and inserts a row only
 * while fewer than `max` are alive. Its id, or null when `max` are open already.
 */
export async function claimStreamPlace(
  db: AppDb,
  ownerId: number,
  max: number,
  leaseSeconds: number,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(${STREAMS_LOCK_SPACE}::int, ${ownerId}::int)`,
    );
    await tx.execute(
      sql`DELETE FROM owner_event_streams
          WHERE owner_id = ${ownerId} AND seen_at < now() - make_interval(secs => ${leaseSeconds})`,
    );
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO owner_event_streams (owner_id)
          SELECT ${ownerId}::int
          WHERE (SELECT count(*) FROM owner_event_streams WHERE owner_id = ${ownerId}) < ${max}
          RETURNING id::float8 AS id`,
    );
    return row?.id ?? null;
  });
}

/** Keeps these streams' places: their process is alive and they are open. */
export async function touchStreamPlaces(db: AppDb, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(
    sql`UPDATE owner_event_streams SET seen_at = now()
        WHERE id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
}

/** Gives back the places of streams that ended. */
export async function releaseStreamPlaces(db: AppDb, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(
    sql`DELETE FROM owner_event_streams
        WHERE id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
}

/** Forgets every stream whose lease ran out (housekeeping: owners who never opened another). */
export async function deleteStaleStreamPlaces(db: AppDb, leaseSeconds: number): Promise<number> {
  const [row] = await queryRows<{ deleted: number }>(
    db,
    sql`WITH gone AS (
          DELETE FROM owner_event_streams
          WHERE seen_at < now() - make_interval(secs => ${leaseSeconds}) RETURNING 1
        ) SELECT count(*)::int AS deleted FROM gone`,
  );
  return row?.deleted ?? 0;
}

/** The LGPD erasure of a person: the owner's live events about their conversations. */
export async function eraseOwnerEventsAbout(
  db: AppDb,
  ownerId: number,
  conversationIds: readonly number[],
) {
  if (conversationIds.length === 0) return;
  const ids = textArray(conversationIds.map(String));
  await db.execute(sql`DELETE FROM owner_events
    WHERE owner_id = ${ownerId} AND (payload->>'conversationId' = ANY (${ids})
      OR payload->'notification'->>'conversationId' = ANY (${ids}))`);
}
