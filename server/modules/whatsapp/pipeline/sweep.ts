import type { AppContext } from '../../../app-context';
import { enqueueInbox, enqueueReplies } from './queues';
import { unhandledDeliveries } from './store/store-inbox';
import { overdueConversations } from '../../conversations';

/** Deliveries per inbox job when the sweep queues them again. */
const SWEEP_BATCH = 100;

/**
 * Deliveries stored but never queued (a crash between the insert and the enqueue) and turns due
 * but without a job are queued again: nothing received is lost.
 */
export async function sweepWhatsapp(ctx: AppContext, olderThanMs: number) {
  const db = ctx.database.db;
  const before = new Date(Date.now() - olderThanMs);
  const inbox = await unhandledDeliveries(db, before, 5000);
  for (let i = 0; i < inbox.length; i += SWEEP_BATCH) {
    await enqueueInbox(
      ctx,
      inbox.slice(i, i + SWEEP_BATCH).map((row) => row.id),
    );
  }
  const due = await overdueConversations(db, before, 5000);
  await enqueueReplies(ctx, new Map(due.map((row) => [row.id, null])));
  return { inbox: inbox.length, replies: due.length };
}
