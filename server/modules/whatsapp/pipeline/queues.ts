import type { AppContext } from '../../../app-context';
import { advanceQueuedJob } from '../../../jobs/advance-job';

/**
 * The WhatsApp pipeline's pg-boss queues: one job per batch of stored deliveries, one reply job
 * per conversation, due when its debounce window has passed, and the minute's sweep.
 */
export const WHATSAPP_INBOX_QUEUE = 'whatsapp-inbox';
export const WHATSAPP_REPLY_QUEUE = 'whatsapp-reply';
export const WHATSAPP_SWEEP_QUEUE = 'whatsapp-sweep';
export const WHATSAPP_QUEUES = [WHATSAPP_INBOX_QUEUE, WHATSAPP_REPLY_QUEUE, WHATSAPP_SWEEP_QUEUE];

/** Queue options the runner creates them with (before any job is sent). */
export const WHATSAPP_QUEUE_OPTIONS: Record<
  string,
  { policy?: string; heartbeatSeconds?: number; notify?: boolean }
> = {
  [WHATSAPP_INBOX_QUEUE]: { heartbeatSeconds: 30, notify: true },
  // one queued and one running reply job per conversation (singletonKey); no NOTIFY: the reply
  // pool is not a pg-boss worker, the process that queues a job wakes it (`ctx.jobs.wake`, server/jobs/runner.ts)
  [WHATSAPP_REPLY_QUEUE]: { policy: 'stately', heartbeatSeconds: 30, notify: false },
  [WHATSAPP_SWEEP_QUEUE]: {},
};

/** Attempts after the first one; the last failure marks the turn failed (dead letter). */
export const REPLY_RETRY_LIMIT = 4;
export const INBOX_RETRY_LIMIT = 4;

function retryOptions(ctx: AppContext, limit: number) {
  const delay = ctx.config.WHATSAPP_RETRY_DELAY_SECONDS;
  return {
    retryLimit: limit,
    retryDelay: delay,
    retryBackoff: delay > 0,
    ...(delay > 0 ? { retryDelayMax: 300 } : {}),
    expireInSeconds: 300,
  };
}

/** One job for a batch of stored deliveries, worked in the order they were stored. */
export async function enqueueInbox(ctx: AppContext, inboxIds: number[]): Promise<void> {
  if (!ctx.jobs || inboxIds.length === 0) return; // the sweep picks stored deliveries up
  await ctx.jobs.boss.send(
    WHATSAPP_INBOX_QUEUE,
    { inboxIds },
    { ...retryOptions(ctx, INBOX_RETRY_LIMIT), singletonKey: `inbox:${inboxIds.join(',')}` },
  );
}

function replyJob(ctx: AppContext, conversationId: number, dueAt: Date | null) {
  return {
    data: { conversationId },
    ...retryOptions(ctx, REPLY_RETRY_LIMIT),
    singletonKey: `conversation:${conversationId}`,
    ...(dueAt && dueAt.getTime() > Date.now() ? { startAfter: dueAt } : {}),
  };
}

/**
 * The reply job of a conversation. The queue is `stately`: at most one queued and one running
 * job per conversation, so a burst of messages schedules one turn; a job that finds its window
 * moved on simply schedules itself again for the new due time. When a job is queued already
 * (refused as a second one), it runs at the earlier of the two times: a part due after its typing
 * pause never waits for the end of a newer message's merge window. A worker of this process is
 * woken when the job becomes due (`ctx.jobs.wake`).
 */
export async function enqueueReply(
  ctx: AppContext,
  conversationId: number,
  dueAt: Date | null,
): Promise<void> {
  if (!ctx.jobs) return;
  const { data, ...options } = replyJob(ctx, conversationId, dueAt);
  const id = await ctx.jobs.boss.send(WHATSAPP_REPLY_QUEUE, data, options);
  if (id === null) {
    await advanceQueuedJob(
      ctx.database.db,
      WHATSAPP_REPLY_QUEUE,
      options.singletonKey,
      dueAt && dueAt.getTime() > Date.now() ? dueAt : new Date(),
    );
  }
  ctx.jobs.wake(WHATSAPP_REPLY_QUEUE, dueAt);
}

/** The reply jobs of several conversations in one statement (a batch of deliveries). */
export async function enqueueReplies(
  ctx: AppContext,
  due: Map<number, Date | null>,
): Promise<void> {
  if (!ctx.jobs || due.size === 0) return;
  await ctx.jobs.boss.insert(
    WHATSAPP_REPLY_QUEUE,
    [...due].map(([conversationId, dueAt]) => replyJob(ctx, conversationId, dueAt)),
  );
  for (const dueAt of due.values()) ctx.jobs.wake(WHATSAPP_REPLY_QUEUE, dueAt);
}
