import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Database } from '../../db/client';

/**
 * rate-limiter-flexible's own table on PostgreSQL (key, points, expire), which it creates with
 * CREATE TABLE IF NOT EXISTS: the schema is the library's, so it stays out of our migrations.
 */
export const COUNTERS_TABLE = 'rate_limit_counters';

export interface CounterOptions {
  /** key prefix: counters of one store share the table and are told apart by it */
  name: string;
  points: number;
  durationSeconds: number;
  /** once `points` is passed, refuse for this long from that moment (0: until the window ends) */
  blockSeconds?: number;
}

export type Counter = RateLimiterAbstract;
export type CounterFactory = (options: CounterOptions) => Counter;

/**
 * Counters that can be raised, lowered and reset (failed sign-ins, rewarded on success), which
 * @fastify/rate-limit's increment-only store cannot do. On PostgreSQL they live in the database
 * so every web process counts against the same numbers; the embedded database has one process,
 * whose memory counts exactly.
 */
export async function openCounterStore(database: Database): Promise<CounterFactory> {
  const libraryOptions = (o: CounterOptions) => ({
    keyPrefix: o.name,
    points: o.points,
    duration: o.durationSeconds,
    blockDuration: o.blockSeconds ?? 0,
  });
  const pool = database.pool;
  if (database.kind !== 'postgres' || !pool) {
    return (o) => new RateLimiterMemory(libraryOptions(o));
  }
  // One limiter creates the table and, every five minutes, deletes the rows of every counter that
  // expired over an hour ago (its timer is unref'd; after the pool closes the delete just fails).
  await new Promise<void>((resolve, reject) => {
    new RateLimiterPostgres(
      {
        storeClient: pool,
        tableName: COUNTERS_TABLE,
        keyPrefix: 'housekeeping',
        points: 1,
        duration: 1,
        clearExpiredByTimeout: true,
      },
      (err?: Error) => (err ? reject(err) : resolve()),
    );
  });
  return (o) =>
    new RateLimiterPostgres({
      ...libraryOptions(o),
      storeClient: pool,
      tableName: COUNTERS_TABLE,
      tableCreated: true,
      clearExpiredByTimeout: false,
    });
}

/**
 * Counts one more, never refusing; the result says whether the limit was already passed. The
 * library rejects with its result object when it is, and with an Error when the store fails.
 */
export async function countOne(counter: Counter, key: string): Promise<RateLimiterRes> {
  try {
    return await counter.consume(key);
  } catch (err) {
    if (err instanceof RateLimiterRes) return err;
    throw err;
  }
}

export function isOverLimit(counter: Counter, result: RateLimiterRes): boolean {
  return result.consumedPoints > counter.points;
}
