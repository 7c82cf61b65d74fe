import { sql } from 'drizzle-orm';
import { queryRows, type AppDb } from '../../db/client';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A @fastify/rate-limit store on the database, so every web process counts against the same
 * fixed window (nothing that must hold across processes lives in memory).
 */
export function createDbRateLimitStore(db: AppDb) {
  return class DbRateLimitStore {
    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      const windowMs = Math.max(1, Math.round(timeWindow));
      queryRows<{ count: number; ttl: number }>(
        db,
        sql`INSERT INTO rate_limits (key, count, reset_at)
            VALUES (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
            ON CONFLICT (key) DO UPDATE SET
              count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
              reset_at = CASE WHEN rate_limits.reset_at <= now()
                THEN now() + make_interval(secs => ${windowMs / 1000}) ELSE rate_limits.reset_at END
            RETURNING count::int AS count,
              GREATEST(0, (extract(epoch FROM reset_at - now()) * 1000))::int AS ttl`,
      ).then(
        (rows) => {
          const row = rows[0];
          callback(null, { current: Number(row?.count ?? 1), ttl: Number(row?.ttl ?? windowMs) });
        },
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }

    child(): DbRateLimitStore {
      return this;
    }
  };
}

/** Drops expired windows; run by the hourly housekeeping job. */
export async function purgeExpiredRateLimits(db: AppDb): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE reset_at < now()`);
}
