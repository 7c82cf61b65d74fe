import type { Job, PgBoss } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../app-context';
import { processInboxBatch } from './inbox';
import {
  INBOX_RETRY_LIMIT,
  REPLY_RETRY_LIMIT,
  WHATSAPP_INBOX_QUEUE,
  WHATSAPP_REPLY_QUEUE,
  WHATSAPP_SWEEP_QUEUE,
} from './queues';
import { failReply } from './recovery';
import { runReply } from './reply';
import { activeJobIds } from './store/store-inbox';
import { sweepWhatsapp } from './sweep';
import { ReplyWakeups, setReplyWakeups } from './wakeups';

/**
 * Reply slots per process: each is a pg-boss worker claiming one job at a time, so a finished job
 * frees its slot at once (ReplyWakeups). Jobs wait on I/O (the model, the gateway) and never sleep
 * through a typing pause, so many run side by side on one core; with a model that takes seconds,
 * the slots are how many customers' answers are written at the same moment.
 */
const REPLY_SLOTS = 16;

/**
 * Workers of the notify queues are woken by NOTIFY; the poll still runs every half second, for
 * replies due after their debounce window (a job due later sends no NOTIFY) and as the floor.
 */
const POLLING = { pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 0.5 };
/**
 * An idle reply slot polls every 4 s: 16 slots fetch 4 times a second between them, as 2 workers
 * did at 0.5 s. It is a floor only: jobs due now wake the slots by NOTIFY, jobs due later wake one
 * by this process's timer (ReplyWakeups.dueAt), and a slot that finished fetches at once.
 */
const REPLY_POLLING = { pollingIntervalSeconds: 4, notifyPollingIntervalSeconds: 4 };

/**
 * Embedded mode: this process is the only one that may work jobs, so jobs still marked active at
 * start-up were cut off by a crash — hand them back for a retry now instead of after expiry.
 */
async function recoverInterrupted(boss: PgBoss, ctx: AppContext, logger: FastifyBaseLogger) {
  if (ctx.database.kind !== 'embedded') return;
  for (const queue of [WHATSAPP_INBOX_QUEUE, WHATSAPP_REPLY_QUEUE]) {
    const ids = await activeJobIds(ctx.database.db, queue);
    if (ids.length > 0) {
      await boss.fail(queue, ids, { message: 'interrupted by a restart' });
      logger.info({ queue, jobs: ids.length }, 'whatsapp jobs interrupted by a restart retried');
    }
  }
}

/**
 * The pipeline's workers in a process that works jobs: the inbox worker (batches of deliveries,
 * in the order they were stored), the reply worker (turns of different conversations side by
 * side, the last failure dead-lettered by failReply) and the minute's sweep. At start-up, jobs a
 * crash cut off are retried and anything left behind is queued again.
 */
export async function registerWhatsappJobs(
  boss: PgBoss,
  ctx: AppContext,
  logger: FastifyBaseLogger,
) {
  await recoverInterrupted(boss, ctx, logger);
  // `inboxId`: a job queued before deliveries were stored in batches (an upgraded DATA_DIR).
  const idsOf = (data: { inboxIds?: number[]; inboxId?: number }) =>
    data.inboxIds ?? (data.inboxId === undefined ? [] : [data.inboxId]);
  await boss.work<{ inboxIds?: number[]; inboxId?: number }>(
    WHATSAPP_INBOX_QUEUE,
    // One worker per process, in arrival order: a contact's burst is stored as it was sent. Each
    // job is a batch of deliveries (as the webhook stored them). While a fetch comes back full
    // there is a backlog: fetch again at once instead of after the 0.5 s poll.
    { ...POLLING, batchSize: 4, burstWhenBatchFull: true },
    async (jobs) => {
      const ordered = [...jobs].sort(
        (a, b) => Math.min(...idsOf(a.data)) - Math.min(...idsOf(b.data)),
      );
      for (const job of ordered) {
        const inboxIds = idsOf(job.data);
        try {
          await processInboxBatch(ctx, inboxIds, {
            lastAttempt: job.retryCount >= INBOX_RETRY_LIMIT,
            onDead: (inboxId, err) =>
              logger.warn({ err, inboxId }, 'whatsapp delivery dead after its last attempt'),
          });
        } catch (err) {
          logger.warn({ err, inboxIds, retry: job.retryCount }, 'whatsapp inbox');
          throw err;
        }
      }
    },
  );
  // Turns of different conversations run side by side, one per slot (the stately queue keeps one
  // running job per conversation). A job never sleeps through a typing pause (send.ts schedules
  // it), so jobs are short: a model call, or one part to the gateway (ADR 0012).
  const wakeups = new ReplyWakeups(boss);
  setReplyWakeups(ctx, wakeups);
  for (let i = 0; i < REPLY_SLOTS; i++) {
    const slot = wakeups.addSlot();
    const id = await boss.work<{ conversationId: number }>(
      WHATSAPP_REPLY_QUEUE,
      REPLY_POLLING,
      async ([job]) => {
        if (job) await slot.run(() => replyJob(ctx, logger, job));
      },
    );
    slot.started(id);
  }
  await boss.schedule(WHATSAPP_SWEEP_QUEUE, '* * * * *', null, { tz: 'UTC' });
  await boss.work(WHATSAPP_SWEEP_QUEUE, async () => {
    const swept = await sweepWhatsapp(ctx, 30_000);
    if (swept.inbox + swept.replies > 0) logger.info(swept, 'whatsapp sweep re-queued work');
  });
  // At start-up, anything left from before is queued at once.
  await sweepWhatsapp(ctx, 0);
  return () => {
    wakeups.stop();
    setReplyWakeups(ctx, null);
  };
}

/**
 * One turn of a conversation. A failure is retried by pg-boss; the last one marks the turn
 * failed (failReply) and completes the job, or fails it when even that could not be recorded.
 */
async function replyJob(
  ctx: AppContext,
  logger: FastifyBaseLogger,
  job: Job<{ conversationId: number }>,
): Promise<void> {
  try {
    await runReply(ctx, job.data.conversationId);
  } catch (err) {
    const last = job.retryCount >= REPLY_RETRY_LIMIT;
    logger.warn(
      { err, conversationId: job.data.conversationId, retry: job.retryCount, last },
      'whatsapp reply failed',
    );
    if (!last) throw err;
    await failReply(ctx, job.data.conversationId, err);
  }
}
