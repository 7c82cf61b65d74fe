import type { Job, PgBoss } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../app-context';
import { JobSlots } from '../../../lib/job-slots';
import { processInboxBatch } from './inbox';
import {
  INBOX_RETRY_LIMIT,
  REPLY_RETRY_LIMIT,
  WHATSAPP_INBOX_QUEUE,
  WHATSAPP_QUEUE_OPTIONS,
  WHATSAPP_REPLY_QUEUE,
  WHATSAPP_SWEEP_QUEUE,
} from './queues';
import { failReply } from './recovery';
import { runReply } from './reply';
import { publishConversationEvents, publishOwnerEvent } from '../../events';
import { retryInterrupted } from '../../../jobs/interrupted';
import { sweepWhatsapp } from './sweep';

/**
 * Reply jobs one process runs at the same time. Jobs wait on I/O (the model, the gateway) and
 * never sleep through a typing pause, so many run side by side on one core; with a model that
 * takes seconds, the slots are how many customers' answers are written at the same moment.
 */
const REPLY_SLOTS = 16;
/** The reply pool's floor poll: jobs queued by another process (this one wakes it itself). */
const REPLY_POLL_MS = 500;
/** How long a stopping process waits for reply jobs under way. */
const REPLY_STOP_MS = 10_000;

/** The inbox worker is woken by NOTIFY; the poll every half second is the floor. */
const POLLING = { pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 0.5 };

/**
 * Embedded mode: this process is the only one that may work jobs, so jobs still marked active at
 * start-up were cut off by a crash — hand them back for a retry now instead of after expiry.
 */
async function recoverInterrupted(boss: PgBoss, ctx: AppContext, logger: FastifyBaseLogger) {
  if (ctx.database.kind !== 'embedded') return;
  for (const queue of [WHATSAPP_INBOX_QUEUE, WHATSAPP_REPLY_QUEUE]) {
    const jobs = await retryInterrupted(boss, ctx.database.db, queue);
    if (jobs > 0) logger.info({ queue, jobs }, 'whatsapp jobs interrupted by a restart retried');
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
            onPublishError: (err) => logger.warn({ err, inboxIds }, 'whatsapp live event'),
          });
        } catch (err) {
          logger.warn({ err, inboxIds, retry: job.retryCount }, 'whatsapp inbox');
          throw err;
        }
      }
    },
  );
  // Turns of different conversations run side by side (the stately queue keeps one running job
  // per conversation), each settled the moment it ends so its slot is free at once (JobSlots,
  // ADR 0012). A job never sleeps through a typing pause (send.ts schedules it), so jobs are short:
  // a model call, or one part to the gateway.
  const replies = new JobSlots<{ conversationId: number }>({
    boss,
    queue: WHATSAPP_REPLY_QUEUE,
    slots: REPLY_SLOTS,
    pollMs: REPLY_POLL_MS,
    handle: (job) => replyJob(ctx, logger, job),
    onError: (err) => logger.error({ err, queue: WHATSAPP_REPLY_QUEUE }, 'job runner error'),
  });
  // Whoever queues a reply job wakes the slots for when it is due (queues.ts).
  ctx.jobs?.setWaker(WHATSAPP_REPLY_QUEUE, (at) => replies.wake(at));
  replies.start(WHATSAPP_QUEUE_OPTIONS[WHATSAPP_REPLY_QUEUE]?.heartbeatSeconds ?? null);
  await boss.schedule(WHATSAPP_SWEEP_QUEUE, '* * * * *', null, { tz: 'UTC' });
  await boss.work(WHATSAPP_SWEEP_QUEUE, async () => {
    const swept = await sweepWhatsapp(ctx, 30_000);
    if (swept.inbox + swept.replies > 0) logger.info(swept, 'whatsapp sweep re-queued work');
  });
  // At start-up, anything left from before is queued at once.
  await sweepWhatsapp(ctx, 0);
  return async () => {
    await replies.stop(REPLY_STOP_MS);
    ctx.jobs?.setWaker(WHATSAPP_REPLY_QUEUE, null);
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
  const { conversationId } = job.data;
  let toldOwner: number | null;
  try {
    toldOwner = await runReply(ctx, conversationId, logger);
  } catch (err) {
    const last = job.retryCount >= REPLY_RETRY_LIMIT;
    logger.warn({ err, conversationId, retry: job.retryCount, last }, 'whatsapp reply failed');
    if (!last) throw err;
    await failReply(ctx, conversationId, err);
    await announce(
      logger,
      conversationId,
      publishConversationEvents(ctx, 'conversation', [conversationId]),
    );
    return;
  }
  // A part sent is a new message on the owner's screens. The owner is known here: the event is
  // one short statement, with no lookup (one per reply, so it counts at rush hour).
  if (toldOwner !== null) {
    const event = { type: 'message', conversationId } as const;
    await announce(logger, conversationId, publishOwnerEvent(ctx, toldOwner, event));
  }
}

/** Tells the owner's open screens; a failure costs only the live refresh, so it is logged. */
async function announce(
  logger: FastifyBaseLogger,
  conversationId: number,
  publish: Promise<unknown>,
) {
  await publish.catch((err: unknown) =>
    logger.warn({ err, conversationId }, 'whatsapp live event'),
  );
}
