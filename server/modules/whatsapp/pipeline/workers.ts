import type { JobResult, PgBoss } from 'pg-boss';
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

/**
 * Reply workers per process, and the jobs each claims per fetch. Jobs wait on I/O (the model, the
 * gateway), so several run side by side on one core.
 */
const REPLY_WORKERS = 2;
const REPLY_BATCH = 8;

function errorOutput(err: unknown) {
  return err instanceof Error
    ? { message: err.message, stack: err.stack }
    : { message: String(err) };
}

/**
 * Workers of the notify queues are woken by NOTIFY; the poll still runs every half second, for
 * replies due after their debounce window (a job due later sends no NOTIFY) and as the floor.
 */
const POLLING = { pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 0.5 };

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
  // Turns of different conversations run side by side on REPLY_WORKERS workers (the stately
  // queue keeps one running job per conversation). A job never sleeps through a typing pause
  // (send.ts schedules it), so jobs are short: a model call, or one part to the gateway. Each
  // worker claims REPLY_BATCH jobs, settles each on its own (perJobResults), and fetches again at
  // once while fetches come back full (burstWhenBatchFull). Not one job per fetch: pg-boss ignores
  // the burst at batchSize 1, so every fetch would wait for the 0.5 s poll (16 jobs/s for 8
  // workers). A finished job still waits for the slowest of its batch (ADR 0011).
  await boss.work<{ conversationId: number }>(
    WHATSAPP_REPLY_QUEUE,
    {
      ...POLLING,
      batchSize: REPLY_BATCH,
      localConcurrency: REPLY_WORKERS,
      burstWhenBatchFull: true,
      perJobResults: true,
    },
    async (jobs) =>
      Promise.all(
        jobs.map(async (job): Promise<JobResult> => {
          try {
            await runReply(ctx, job.data.conversationId);
            return { id: job.id, status: 'completed' };
          } catch (err) {
            const last = job.retryCount >= REPLY_RETRY_LIMIT;
            logger.warn(
              { err, conversationId: job.data.conversationId, retry: job.retryCount, last },
              'whatsapp reply failed',
            );
            if (!last) return { id: job.id, status: 'failed', output: errorOutput(err) };
            try {
              await failReply(ctx, job.data.conversationId, err);
            } catch (failErr) {
              // not marked failed yet: let pg-boss fail the job (terminally, retries are spent)
              return { id: job.id, status: 'failed', output: errorOutput(failErr) };
            }
            return { id: job.id, status: 'completed' };
          }
        }),
      ),
  );
  await boss.schedule(WHATSAPP_SWEEP_QUEUE, '* * * * *', null, { tz: 'UTC' });
  await boss.work(WHATSAPP_SWEEP_QUEUE, async () => {
    const swept = await sweepWhatsapp(ctx, 30_000);
    if (swept.inbox + swept.replies > 0) logger.info(swept, 'whatsapp sweep re-queued work');
  });
  // At start-up, anything left from before is queued at once.
  await sweepWhatsapp(ctx, 0);
}
