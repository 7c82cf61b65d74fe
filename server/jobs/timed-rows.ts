import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { AppContext } from '../app-context';
import type { AppDb } from '../db/client';
import { retryInterrupted } from './interrupted';

/**
 * The jobs of rows sent once at a time of their own (ADR 0029, 0031: a reminder, a follow-up). A
 * row's job is only its timer (startAfter = due time, singletonKey per row on a stately queue:
 * one queued and one running at most); the row's conditional updates make the send happen once
 * (send-once.ts).
 * A minute's sweep queues again what has no job: a crash between storing a row and queueing it,
 * a job given up on, a send whose last attempt went stale.
 */
export interface TimedRowsOptions {
  queue: string;
  sweepQueue: string;
  /** a row's job's singleton key is `${keyPrefix}:${id}` */
  keyPrefix: string;
  /** the job's payload names the row so: `{ [idField]: id }` */
  idField: string;
  /** how long one run may take before pg-boss expires it */
  expireInSeconds: number;
  /** runs at once in one process (a send waits on the gateway, or on a model) */
  localConcurrency: number;
  /** the log line of each run */
  label: string;
  /** rows due by `before`, and sends whose last attempt is older than `stale`, oldest first */
  overdue: (
    db: AppDb,
    before: Date,
    stale: Date,
    limit: number,
  ) => Promise<{ id: number; dueAt: Date }[]>;
  run: (
    ctx: AppContext,
    id: number,
    queue: (ctx: AppContext, id: number, at: Date) => Promise<void>,
  ) => Promise<string>;
}

/** A send attempt that has not finished in this long is looked at again by the sweep. */
const STALE_MS = 120_000;
const SWEEP_BATCH = 500;

export function timedRows(options: TimedRowsOptions) {
  const { queue, sweepQueue, idField } = options;

  async function queueRow(ctx: AppContext, id: number, at: Date) {
    if (!ctx.jobs) return; // the sweep of a process with jobs picks it up
    await ctx.jobs.boss.send(
      queue,
      { [idField]: id },
      {
        singletonKey: `${options.keyPrefix}:${id}`,
        ...(at.getTime() > Date.now() ? { startAfter: at } : {}),
        retryLimit: 5,
        retryDelay: 10,
        retryBackoff: true,
        expireInSeconds: options.expireInSeconds,
      },
    );
  }

  /** Queues a job for each row due without one; resolves to how many were looked at. */
  async function sweep(ctx: AppContext): Promise<number> {
    const now = Date.now();
    const rows = await options.overdue(
      ctx.database.db,
      new Date(now),
      new Date(now - STALE_MS),
      SWEEP_BATCH,
    );
    for (const row of rows) await queueRow(ctx, row.id, row.dueAt);
    return rows.length;
  }

  async function register(boss: PgBoss, ctx: AppContext, logger: FastifyBaseLogger) {
    if (ctx.database.kind === 'embedded') {
      // this process is the only one working jobs: one still active was cut off by a crash and
      // is retried now, not after its expiry (its send waits for an echo first)
      await retryInterrupted(boss, ctx.database.db, queue);
    }
    await boss.work<Record<string, number>>(
      queue,
      { pollingIntervalSeconds: 1, localConcurrency: options.localConcurrency },
      async ([job]) => {
        if (!job) return;
        const id = job.data[idField]!;
        const outcome = await options.run(ctx, id, queueRow);
        logger.info({ [idField]: id, outcome }, options.label);
      },
    );
    await boss.schedule(sweepQueue, '* * * * *', null, { tz: 'UTC' });
    await boss.work(sweepQueue, async () => {
      await sweep(ctx);
    });
    // what came due while no worker ran goes now, not at the next minute
    await sweep(ctx);
  }

  return {
    queues: [queue, sweepQueue],
    // a worker that died mid-send (PostgreSQL) stops beating: its job is retried
    queueOptions: { [queue]: { policy: 'stately', heartbeatSeconds: 30 } } as Record<
      string,
      Record<string, unknown>
    >,
    queueRow,
    sweep,
    register,
  };
}
