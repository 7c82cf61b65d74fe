import type { Job, PgBoss } from 'pg-boss';

export interface JobSlotsOptions<T> {
  boss: PgBoss;
  queue: string;
  /** jobs this process runs at the same time */
  slots: number;
  /** the floor: a claim is tried this often even when nothing woke the pool */
  pollMs: number;
  handle: (job: Job<T>) => Promise<void>;
  /** a fetch or a settlement that failed (the job itself is retried by pg-boss) */
  onError: (err: unknown) => void;
}

function errorOutput(err: unknown) {
  return err instanceof Error
    ? { message: err.message, stack: err.stack }
    : { message: String(err) };
}

/**
 * Up to `slots` jobs of one queue at a time, claimed with pg-boss's fetch and settled with its
 * complete / fail, each job on its own the moment it ends: a finished job frees its slot whatever
 * the others are doing, and the slots free at that moment are claimed together, in one fetch.
 * pg-boss's own work() does one of the two only: one job per fetch (each worker a slot), or a batch
 * per fetch whose slots all wait for its slowest job (ADR 0012).
 *
 * The pool claims when woken — `wake()` for a job queued now, `wake(at)` for one due at `at`, and
 * after each job — and every `pollMs` (jobs another process queued). Wakes that come while a
 * claim is under way make one more claim after it, so a burst of them costs one fetch. Jobs that
 * run longer than half the queue's heartbeat are touched, as pg-boss's workers do. Jobs that end
 * while a completion is under way are completed together after it, in one statement.
 */
export class JobSlots<T> {
  private readonly running = new Map<string, Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  /** the claim under way, if any: what it fetches runs even if the pool stops meanwhile */
  private claiming: Promise<void> | null = null;
  private claimAgain = false;
  private stopped = false;
  private poll: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  /** finished jobs waiting for the completion under way: completed together after it */
  private toComplete: { id: string; done: () => void }[] = [];
  private completing = false;

  constructor(private readonly options: JobSlotsOptions<T>) {}

  start(heartbeatSeconds: number | null) {
    this.poll = setInterval(() => this.wake(), this.options.pollMs);
    this.poll.unref();
    if (heartbeatSeconds) {
      this.heartbeat = setInterval(() => this.touch(), (heartbeatSeconds * 1000) / 2);
      this.heartbeat.unref();
    }
    this.wake();
  }

  /** A job becomes due now, or at `at`: free slots claim it then. */
  wake(at?: Date | null) {
    if (this.stopped) return;
    const wait = at ? at.getTime() - Date.now() : 0;
    if (wait > 0) {
      // A timer may fire up to a millisecond before `at` by the wall clock (it counts whole
      // milliseconds on another clock), when the database does not yet see the job as due and the
      // claim would find nothing: it fires a millisecond late instead, and re-arms if still early.
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.wake(at);
      }, wait + 1);
      timer.unref();
      this.timers.add(timer);
      return;
    }
    if (this.claiming) {
      this.claimAgain = true;
      return;
    }
    this.claiming = this.claim().finally(() => {
      this.claiming = null;
      if (this.claimAgain) {
        this.claimAgain = false;
        this.wake();
      }
    });
  }

  private async claim() {
    const { boss, queue, slots } = this.options;
    while (!this.stopped) {
      const free = slots - this.running.size;
      if (free <= 0) return;
      let jobs: Job<T>[];
      try {
        jobs = await boss.fetch<T>(queue, { batchSize: free });
      } catch (err) {
        this.options.onError(err);
        return;
      }
      for (const job of jobs) this.run(job);
      if (jobs.length < free) return;
    }
  }

  private run(job: Job<T>) {
    const { boss, queue } = this.options;
    const settled = this.options
      .handle(job)
      .then(
        () => this.complete(job.id),
        (err: unknown) => boss.fail(queue, job.id, errorOutput(err)),
      )
      .then(
        () => undefined,
        (err: unknown) => this.options.onError(err),
      )
      .finally(() => {
        this.running.delete(job.id);
        this.wake();
      });
    this.running.set(job.id, settled);
  }

  /** Completes a job; those that finish while a completion is under way go in the next one. */
  private complete(id: string): Promise<void> {
    return new Promise((done) => {
      this.toComplete.push({ id, done });
      if (!this.completing) this.flushCompletions();
    });
  }

  private flushCompletions() {
    const batch = this.toComplete.splice(0);
    if (batch.length === 0) return;
    this.completing = true;
    this.options.boss
      .complete(
        this.options.queue,
        batch.map((item) => item.id),
      )
      .catch((err: unknown) => this.options.onError(err))
      .finally(() => {
        this.completing = false;
        for (const item of batch) item.done();
        this.flushCompletions();
      });
  }

  private touch() {
    const ids = [...this.running.keys()];
    if (ids.length === 0 || this.stopped) return;
    this.options.boss.touch(this.options.queue, ids).catch((err) => this.options.onError(err));
  }

  /**
   * Claims nothing more and waits up to `timeoutMs` for the running jobs, those of a claim that
   * was under way included. One still running then is left active: the next start (embedded) or
   * its expiry (PostgreSQL) hands it back.
   */
  async stop(timeoutMs: number) {
    this.stopped = true;
    for (const timer of [...this.timers, this.poll, this.heartbeat]) {
      if (timer) clearTimeout(timer);
    }
    this.timers.clear();
    let timeout: NodeJS.Timeout | undefined;
    const finished = (async () => {
      await this.claiming;
      await Promise.allSettled(this.running.values());
    })();
    await Promise.race([
      finished,
      new Promise((resolve) => {
        timeout = setTimeout(resolve, timeoutMs);
      }),
    ]);
    clearTimeout(timeout);
  }
}
