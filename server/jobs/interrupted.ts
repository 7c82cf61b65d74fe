import type { PgBoss } from 'pg-boss';
import { sql } from 'drizzle-orm';
import type { AppDb } from '../db/client';

/** The ids of a queue's jobs that pg-boss holds as active (its own table, in its own schema). */
export async function activeJobIds(db: AppDb, queue: string): Promise<string[]> {
  const result = await db.execute(
    sql`select id from pgboss.job where name = ${queue} and state = 'active'`,
  );
  return (result as { rows: { id: string }[] }).rows.map((r) => r.id);
}

/**
 * On the embedded database this process is the only one working jobs: a job of `queue` still
 * active was cut off by a crash and is failed now, to be retried at once rather than after its
 * expiry. Resolves to how many.
 */
export async function retryInterrupted(boss: PgBoss, db: AppDb, queue: string): Promise<number> {
  const ids = await activeJobIds(db, queue);
  if (ids.length > 0) await boss.fail(queue, ids, { message: 'interrupted by a restart' });
  return ids.length;
}
