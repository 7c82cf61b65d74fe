import type { PgBoss } from 'pg-boss';
import type { AppContext } from '../../../app-context';

/**
 * The reply workers of this process, one pg-boss worker per slot (each claims one job at a time),
 * and when to wake them. pg-boss wakes a worker by NOTIFY only for a job due now; a job due later
 * (a merge window's end, a part after its typing pause) would wait for the next poll. So whoever
 * queues a reply job for later says when it becomes due (`dueAt`), and an idle worker is woken
 * then; a worker that finishes a job fetches again at once, so a finished turn frees its slot
 * whatever the other slots are doing. The poll stays as the floor: for jobs another process
 * queued, and after a restart. Timers hold no job and no slot.
 */
export class ReplyWakeups {
  private readonly slots: { id: string | null; busy: boolean }[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;
  /** where the search for an idle slot starts: timers firing together wake different slots */
  private cursor = 0;

  constructor(private readonly boss: PgBoss) {}

  /** A new slot; `started` gives it its pg-boss worker id once `work()` returned it. */
  addSlot() {
    const slot = { id: null as string | null, busy: false };
    this.slots.push(slot);
    return {
      started: (id: string) => {
        slot.id = id;
      },
      /** runs one job in this slot; when it ends, the slot's worker fetches again at once */
      run: async <T>(job: () => Promise<T>): Promise<T> => {
        slot.busy = true;
        try {
          return await job();
        } finally {
          slot.busy = false;
          if (slot.id && !this.stopped) this.boss.notifyWorker(slot.id);
        }
      },
    };
  }

  /** A reply job becomes due at `at`: one idle worker fetches then (now, when `at` has passed). */
  dueAt(at: Date) {
    if (this.stopped) return;
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        this.wakeIdle();
      },
      Math.max(0, at.getTime() - Date.now()),
    );
    timer.unref();
    this.timers.add(timer);
  }

  private wakeIdle() {
    if (this.stopped) return;
    for (let i = 0; i < this.slots.length; i++) {
      const slot = this.slots[(this.cursor + i) % this.slots.length]!;
      if (slot.busy || !slot.id) continue;
      this.cursor = (this.cursor + i + 1) % this.slots.length;
      this.boss.notifyWorker(slot.id);
      return;
    }
    // Every slot busy: each fetches again as it finishes, and finds the job then.
  }

  stop() {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}

/** Per app context: the integration tests run several apps in one process. */
const registry = new WeakMap<AppContext, ReplyWakeups>();

export function setReplyWakeups(ctx: AppContext, wakeups: ReplyWakeups | null) {
  if (wakeups) registry.set(ctx, wakeups);
  else registry.delete(ctx);
}

/** Wakes a worker of this process when a reply job queued for `at` becomes due (none: no-op). */
export function wakeReplyWorkerAt(ctx: AppContext, at: Date | null) {
  registry.get(ctx)?.dueAt(at ?? new Date());
}
