import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { AppContext } from '../../app-context';
import { retryInterrupted } from '../../jobs/interrupted';
import { overdue } from './follow-ups.repo';
import { runFollowUp } from './follow-ups.service';

/**
 * The follow-ups' pg-boss queues, as the reminders' (ADR 0029, 0031): a follow-up's job is only
 * its timer (startAfter = due time, singletonKey per follow-up on a stately queue); the row's
 * conditional updates make the send happen once. The minute's sweep queues again what has no job.
 */
export const FOLLOW_UP_QUEUE = 'follow-up';
export const FOLLOW_UP_SWEEP_QUEUE = 'follow-up-sweep';
export const FOLLOW_UP_QUEUES = [FOLLOW_UP_QUEUE, FOLLOW_UP_SWEEP_QUEUE];
export const FOLLOW_UP_QUEUE_OPTIONS: Record<string, Record<string, unknown>> = {
  // a worker that died mid-send (PostgreSQL) stops beating: its job is retried
  [FOLLOW_UP_QUEUE]: { policy: 'stately', heartbeatSeconds: 30 },
};

/** A send attempt that has not finished in this long is looked at again by the sweep. */
const STALE_MS = 120_000;
const SWEEP_BATCH = 500;

export async function queueFollowUp(ctx: AppContext, followUpId: number, at: Date) {
  if (!ctx.jobs) return; // the sweep of a process with jobs picks it up
  await ctx.jobs.boss.send(
    FOLLOW_UP_QUEUE,
    { followUpId },
    {
      singletonKey: `follow-up:${followUpId}`,
      ...(at.getTime() > Date.now() ? { startAfter: at } : {}),
      retryLimit: 5,
      retryDelay: 10,
      retryBackoff: true,
      // the model writes it: up to a minute
      expireInSeconds: 150,
    },
  );
}

/** Queues a job for each follow-up due without one; resolves to how many were looked at. */
export async function sweepFollowUps(ctx: AppContext): Promise<number> {
  const now = Date.now();
  const rows = await overdue(ctx.database.db, new Date(now), new Date(now - STALE_MS), SWEEP_BATCH);
  for (const row of rows) await queueFollowUp(ctx, row.id, row.dueAt);
  return rows.length;
}

export async function registerFollowUpJobs(
  boss: PgBoss,
  ctx: AppContext,
  logger: FastifyBaseLogger,
) {
  if (ctx.database.kind === 'embedded') {
    await retryInterrupted(boss, ctx.database.db, FOLLOW_UP_QUEUE);
  }
  await boss.work<{ followUpId: number }>(
    FOLLOW_UP_QUEUE,
    { pollingIntervalSeconds: 1, localConcurrency: 2 },
    async ([job]) => {
      if (!job) return;
      const outcome = await runFollowUp(ctx, job.data.followUpId, queueFollowUp);
      logger.info({ followUpId: job.data.followUpId, outcome }, 'follow-up');
    },
  );
  await boss.schedule(FOLLOW_UP_SWEEP_QUEUE, '* * * * *', null, { tz: 'UTC' });
  await boss.work(FOLLOW_UP_SWEEP_QUEUE, async () => {
    await sweepFollowUps(ctx);
  });
  await sweepFollowUps(ctx);
}
