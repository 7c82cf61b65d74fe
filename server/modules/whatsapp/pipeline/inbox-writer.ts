import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../app-context';
import { enqueueInbox } from './queues';
import { insertDeliveries, type InboxPayload } from './store/store-inbox';

interface Waiting {
  dedupeKey: string;
  payload: InboxPayload;
  resolve: (stored: boolean) => void;
  reject: (err: unknown) => void;
}

/** Rows per INSERT: a burst of deliveries is stored by a few statements, not one each. */
const MAX_BATCH = 100;

/** Stored deliveries wait this long for others to share their inbox job. */
const JOB_LINGER_MS = 20;
/** A job that could not be queued (pg-boss busy, a connection time-out) is tried again this soon. */
const QUEUE_RETRY_MS = 1000;
/** Failed attempts in a row before the writer leaves its deliveries to the sweep. */
const QUEUE_ATTEMPTS = 10;

/**
 * Stores webhook deliveries in the inbox before they are acknowledged (so nothing acknowledged is
 * lost), several at once: deliveries that arrive while a write is in progress, or in the same
 * turn of the event loop, go into the next multi-row INSERT (group commit). The write is urgent on the embedded
 * database, so an acknowledgement never waits behind background jobs.
 *
 * The stored deliveries are queued as inbox jobs after the senders have their answer, and those
 * are coalesced too: a delivery waits up to JOB_LINGER_MS (or until MAX_BATCH are stored) for
 * others to share its job, and one job is queued at a time. A job costs a pg-boss insert and a
 * fetch whatever its size — at 200 deliveries a second, one each was the largest single cost of
 * the pipeline. A job that could not be queued is tried again a second later; a crash before the
 * job is queued leaves the rows `received`, and the sweep queues them (sweep.ts).
 */
export class InboxWriter {
  private waiting: Waiting[] = [];
  private writing = false;
  private scheduled = false;
  /** stored, not queued yet */
  private toQueue: number[] = [];
  private queueTimer: NodeJS.Timeout | null = null;
  private queueing = false;
  /** queueing attempts that failed in a row */
  private failures = 0;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Resolves true once stored, false for a delivery the inbox already holds. */
  store(dedupeKey: string, payload: InboxPayload): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ dedupeKey, payload, resolve, reject });
      this.schedule();
    });
  }

  /**
   * The write runs at the end of this turn of the event loop, with every delivery read in it,
   * and the database keeps background statements back until then: under load they would
   * otherwise run a slice first, and every delivery waiting would pay for it.
   */
  private schedule() {
    if (this.scheduled || this.writing) return;
    this.scheduled = true;
    const release = this.ctx.database.reserveUrgent();
    setImmediate(() => {
      this.scheduled = false;
      void this.write().finally(release);
    });
  }

  private async write() {
    const batch = this.waiting.splice(0, MAX_BATCH);
    if (batch.length === 0) return;
    this.writing = true;
    let stored: number[] = [];
    try {
      const rows = await insertDeliveries(this.ctx.database.urgentDb, batch);
      const ids = new Map(rows.map((r) => [r.dedupeKey, r.id]));
      for (const w of batch) {
        // a key twice in one batch was inserted once: the first delivery stored it
        const id = ids.get(w.dedupeKey);
        ids.delete(w.dedupeKey);
        if (id !== undefined) stored.push(id);
        w.resolve(id !== undefined);
      }
    } catch (err) {
      stored = [];
      for (const w of batch) w.reject(err);
    } finally {
      this.writing = false;
      if (this.waiting.length > 0) this.schedule();
    }
    if (stored.length > 0) {
      this.toQueue.push(...stored);
      this.scheduleQueue();
    }
  }

  private scheduleQueue() {
    if (this.queueing || this.toQueue.length === 0) return;
    if (this.toQueue.length >= MAX_BATCH) {
      if (this.queueTimer) clearTimeout(this.queueTimer);
      this.queueTimer = null;
      void this.queue();
    } else {
      this.queueTimer ??= setTimeout(() => {
        this.queueTimer = null;
        void this.queue();
      }, JOB_LINGER_MS);
    }
  }

  private async queue() {
    const ids = this.toQueue.splice(0, MAX_BATCH);
    if (ids.length === 0) return;
    this.queueing = true;
    let failed = false;
    try {
      await enqueueInbox(this.ctx, ids);
      this.failures = 0;
    } catch (err) {
      failed = true;
      // Tried again in a second, a few times: the sweep only takes deliveries over 30 s old.
      const again = ++this.failures <= QUEUE_ATTEMPTS && !this.ctx.state.shuttingDown;
      if (again) this.toQueue.unshift(...ids);
      this.log.warn(
        { err, inboxIds: ids },
        again
          ? 'whatsapp inbox job not queued; trying again'
          : 'whatsapp inbox job not queued; the sweep will',
      );
    } finally {
      this.queueing = false;
      if (failed) this.retryLater();
      else this.scheduleQueue();
    }
  }

  private retryLater() {
    if (this.queueTimer || this.toQueue.length === 0) return;
    this.queueTimer = setTimeout(() => {
      this.queueTimer = null;
      void this.queue();
    }, QUEUE_RETRY_MS);
    this.queueTimer.unref();
  }
}
