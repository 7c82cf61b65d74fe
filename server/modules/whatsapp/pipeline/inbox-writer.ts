import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../app-context';
import { webhookInbox } from '../../../db/schema';
import { INBOX_SOURCE, type InboxPayload } from './inbox';
import { enqueueInbox } from './queues';

interface Waiting {
  dedupeKey: string;
  payload: InboxPayload;
  resolve: (stored: boolean) => void;
  reject: (err: unknown) => void;
}

/** Rows per INSERT: a burst of deliveries is stored by a few statements, not one each. */
const MAX_BATCH = 100;

/**
 * Stores webhook deliveries in the inbox before they are acknowledged (DESIGN.md §6), several at
 * once: deliveries that arrive while a write is in progress, or in the same turn of the event
 * loop, go into the next multi-row INSERT (group commit). The write is urgent on the embedded
 * database, so an acknowledgement never waits behind background jobs. Each stored batch becomes
 * one inbox job, queued after the senders have their answer; a crash in between leaves the rows
 * `received`, and the sweep queues them (server/jobs/whatsapp-jobs.ts).
 */
export class InboxWriter {
  private waiting: Waiting[] = [];
  private writing = false;
  private scheduled = false;

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

  private schedule() {
    if (this.scheduled || this.writing) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.write();
    });
  }

  private async write() {
    const batch = this.waiting.splice(0, MAX_BATCH);
    if (batch.length === 0) return;
    this.writing = true;
    let stored: number[] = [];
    try {
      const rows = await this.ctx.database.urgentDb
        .insert(webhookInbox)
        .values(
          batch.map((w) => ({ source: INBOX_SOURCE, dedupeKey: w.dedupeKey, payload: w.payload })),
        )
        .onConflictDoNothing()
        .returning({ id: webhookInbox.id, dedupeKey: webhookInbox.dedupeKey });
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
      enqueueInbox(this.ctx, stored).catch((err: unknown) =>
        this.log.warn({ err, inboxIds: stored }, 'whatsapp inbox job not queued; the sweep will'),
      );
    }
  }
}
