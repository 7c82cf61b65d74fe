import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { AppContext } from '../../app-context';
import { retryInterrupted } from '../../jobs/interrupted';
import { overdue } from './reminders.repo';
import { runReminder } from './reminders.service';

/**
 * The reminders' pg-boss queues. A reminder's job is only its timer (startAfter = due time,
 * singletonKey per reminder on a stately queue: one queued and one running at most); the row's
 * conditional updates make the send happen once (ADR 0029). The minute's sweep queues again what
 * has no job (a crash between storing a reminder and queueing it, a job given up on).
 */
export const REMINDER_QUEUE = 'appointment-reminder';
export const REMINDER_SWEEP_QUEUE = 'appointment-reminder-sweep';
export const REMINDER_QUEUES = [REMINDER_QUEUE, REMINDER_SWEEP_QUEUE];
export const REMINDER_QUEUE_OPTIONS: Record<string, Record<string, unknown>> = {
  // a worker that died mid-send (PostgreSQL) stops beating: its job is retried
  [REMINDER_QUEUE]: { policy: 'stately', heartbeatSeconds: 30 },
};

/** A send attempt that has not finished in this long is looked at again by the sweep. */
const STALE_MS = 120_000;
const SWEEP_BATCH = 500;

export async function queueReminder(ctx: AppContext, reminderId: number, at: Date) {
  if (!ctx.jobs) return; // the sweep of a process with jobs picks it up
  await ctx.jobs.boss.send(
    REMINDER_QUEUE,
    { reminderId },
    {
      singletonKey: `reminder:${reminderId}`,
      ...(at.getTime() > Date.now() ? { startAfter: at } : {}),
      retryLimit: 5,
      retryDelay: 10,
      retryBackoff: true,
      expireInSeconds: 90,
    },
  );
}

/** Queues a job for each reminder due without one; resolves to how many were looked at. */
export async function sweepReminders(ctx: AppContext): Promise<number> {
  const now = Date.now();
  const rows = await overdue(ctx.database.db, new Date(now), new Date(now - STALE_MS), SWEEP_BATCH);
  for (const row of rows) await queueReminder(ctx, row.id, row.dueAt);
  return rows.length;
}

export async function registerReminderJobs(
  boss: PgBoss,
  ctx: AppContext,
  logger: FastifyBaseLogger,
) {
  if (ctx.database.kind === 'embedded') {
    // this process is the only one working jobs: one still active was cut off by a crash and is
    // retried now, not after its expiry (its reminder's send waits for an echo first)
    await retryInterrupted(boss, ctx.database.db, REMINDER_QUEUE);
  }
  await boss.work<{ reminderId: number }>(
    REMINDER_QUEUE,
    // a few at once: a send waits on the gateway
    { pollingIntervalSeconds: 1, localConcurrency: 4 },
    async ([job]) => {
      if (!job) return;
      const outcome = await runReminder(ctx, job.data.reminderId, queueReminder);
      logger.info({ reminderId: job.data.reminderId, outcome }, 'appointment reminder');
    },
  );
  await boss.schedule(REMINDER_SWEEP_QUEUE, '* * * * *', null, { tz: 'UTC' });
  await boss.work(REMINDER_SWEEP_QUEUE, async () => {
    await sweepReminders(ctx);
  });
  // what came due while no worker ran goes now, not at the next minute
  await sweepReminders(ctx);
}
