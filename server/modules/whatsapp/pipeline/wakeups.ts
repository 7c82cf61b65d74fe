import type { AppContext } from '../../../app-context';
import type { JobSlots } from '../../../lib/job-slots';

/**
 * The reply slots of this process, per app context (the integration tests run several apps in one
 * process), so whoever queues a reply job can say when it becomes due. pg-boss wakes its own
 * workers by NOTIFY, but only for a job due now and only workers registered with work(); the
 * reply pool is woken here instead: for a job due now, and for one due later (a merge window's
 * end, a part after its typing pause) by a timer at that moment. The pool's poll stays as the
 * floor, for jobs queued by another process. Timers hold no job and no slot.
 */
const registry = new WeakMap<AppContext, JobSlots<{ conversationId: number }>>();

export function setReplySlots(ctx: AppContext, slots: JobSlots<{ conversationId: number }> | null) {
  if (slots) registry.set(ctx, slots);
  else registry.delete(ctx);
}

/** Wakes this process's reply slots when a job queued for `at` (null: now) becomes due. */
export function wakeReplyWorkerAt(ctx: AppContext, at: Date | null) {
  registry.get(ctx)?.wake(at);
}
