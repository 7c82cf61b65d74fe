import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { AppContext } from '../../app-context';
import { RECONCILE_QUEUE, reconcileAll, runSync, SYNC_QUEUE, type SyncJob } from './sync.service';

/**
 * Payment notifications are synced here, after the webhook has answered (a failure is retried
 * by pg-boss with backoff); once a day every subscription that is not final is re-read, which
 * covers notifications that never arrived.
 */
export async function registerSubscriptionJobs(
  boss: PgBoss,
  ctx: AppContext,
  logger: FastifyBaseLogger,
) {
  await boss.work<SyncJob>(SYNC_QUEUE, { pollingIntervalSeconds: 1 }, async ([job]) => {
    if (job) await runSync(ctx, job.data, logger);
  });
  // 06:23 UTC = 03:23 in São Paulo, a quiet hour.
  await boss.schedule(RECONCILE_QUEUE, '23 6 * * *', null, { tz: 'UTC' });
  await boss.work(RECONCILE_QUEUE, async () => {
    await reconcileAll(ctx, logger);
  });
}
