import type { PgBoss } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { maintainTables } from '../db/maintenance';
import { purgeExpiredOwnerEvents, purgeStaleEventStreams } from '../modules/events';
import { purgeExpiredRateLimits } from '../modules/rate-limit';
import { purgeExpiredSessions } from '../modules/session';

export const HOUSEKEEPING_QUEUE = 'housekeeping';
export const DATABASE_MAINTENANCE_QUEUE = 'database-maintenance';

/**
 * Hourly: drop expired sessions and rate-limit windows, and owner events past their 24 hours
 * (kept 24 to 25 hours), and the live-stream places of processes that died, so the tables stay small. Every five
 * minutes on the embedded database: the vacuum and analyse that PostgreSQL's autovacuum does on
 * its own elsewhere (db/maintenance.ts).
 */
export async function registerHousekeeping(
  boss: PgBoss,
  database: Database,
  logger: FastifyBaseLogger,
) {
  await boss.schedule(HOUSEKEEPING_QUEUE, '17 * * * *', null, { tz: 'UTC' });
  await boss.work(HOUSEKEEPING_QUEUE, async () => {
    const sessions = await purgeExpiredSessions(database.db);
    await purgeExpiredRateLimits(database.db);
    const ownerEvents = await purgeExpiredOwnerEvents(database.db);
    await purgeStaleEventStreams(database.db);
    logger.info({ sessions, ownerEvents }, 'housekeeping done');
  });
  if (database.kind !== 'embedded') return;
  await boss.schedule(DATABASE_MAINTENANCE_QUEUE, '*/5 * * * *', null, { tz: 'UTC' });
  await boss.work(DATABASE_MAINTENANCE_QUEUE, async () => {
    const started = performance.now();
    const done = await maintainTables(database.db);
    if (done.vacuumed.length + done.analyzed.length === 0) return;
    logger.info({ ...done, ms: Math.round(performance.now() - started) }, 'database maintenance');
  });
}
