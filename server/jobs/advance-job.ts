import { sql } from 'drizzle-orm';
import type { AppDb } from '../db/client';

/**
 * Brings a queued (not yet running) job of `queue` with this singleton key forward to `at` when
 * it was due later. A stately queue keeps one queued job per key and refuses a second: a reply
 * part due at `at` must not wait behind a job queued for a later time (the end of a new message's
 * merge window). pg-boss offers no call for it; this is its own table, in its own schema.
 */
export async function advanceQueuedJob(db: AppDb, queue: string, singletonKey: string, at: Date) {
  await db.execute(
    sql`update pgboss.job set start_after = ${at.toISOString()}::timestamptz
        where name = ${queue} and singleton_key = ${singletonKey} and state = 'created'
          and start_after > ${at.toISOString()}::timestamptz`,
  );
}
