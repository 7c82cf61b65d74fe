import type { PgBoss } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDb } from '../db/client';
import { purgeExpiredRateLimits } from '../modules/rate-limit/rate-limit.store';
import { purgeExpiredSessions } from '../modules/session/session.store';

export const HOUSEKEEPING_QUEUE = 'housekeeping';

/** Hourly: drop expired sessions and rate-limit windows so the tables stay small. */
export async function registerHousekeeping(boss: PgBoss, db: AppDb, logger: FastifyBaseLogger) {
  await boss.schedule(HOUSEKEEPING_QUEUE, '17 * * * *', null, { tz: 'UTC' });
  await boss.work(HOUSEKEEPING_QUEUE, async () => {
    const sessions = await purgeExpiredSessions(db);
    await purgeExpiredRateLimits(db);
    logger.info({ sessions }, 'housekeeping done');
  });
}
