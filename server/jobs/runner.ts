import { PgBoss, fromPglite } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import {
  DATABASE_MAINTENANCE_QUEUE,
  HOUSEKEEPING_QUEUE,
  registerHousekeeping,
} from './housekeeping';
import { FOLLOW_UP_QUEUE_OPTIONS, FOLLOW_UP_QUEUES } from '../modules/follow-ups';
import { KNOWLEDGE_QUEUE_OPTIONS, KNOWLEDGE_QUEUES } from '../modules/knowledge';
import { NOTIFICATION_QUEUES } from '../modules/notifications';
import { REMINDER_QUEUE_OPTIONS, REMINDER_QUEUES } from '../modules/reminders';
import { SUBSCRIPTION_QUEUES } from '../modules/subscriptions';
import {
  GATEWAY_CLEANUP_QUEUES,
  WHATSAPP_QUEUE_OPTIONS,
  WHATSAPP_QUEUES,
} from '../modules/whatsapp';

/** Every queue exists in every role, so a web process can enqueue before any worker started. */
const QUEUES = [
  HOUSEKEEPING_QUEUE,
  DATABASE_MAINTENANCE_QUEUE,
  ...KNOWLEDGE_QUEUES,
  ...WHATSAPP_QUEUES,
  ...SUBSCRIPTION_QUEUES,
  ...GATEWAY_CLEANUP_QUEUES,
  ...NOTIFICATION_QUEUES,
  ...REMINDER_QUEUES,
  ...FOLLOW_UP_QUEUES,
];
/** Queues that need a policy or heartbeat other than pg-boss's defaults. */
const QUEUE_OPTIONS: Record<string, Record<string, unknown>> = {
  ...WHATSAPP_QUEUE_OPTIONS,
  ...KNOWLEDGE_QUEUE_OPTIONS,
  ...REMINDER_QUEUE_OPTIONS,
  ...FOLLOW_UP_QUEUE_OPTIONS,
};

export interface JobRunner {
  boss: PgBoss;
  /** whether this process works jobs (ROLE=all or worker) or only enqueues them (ROLE=web) */
  working: boolean;
  /**
   * A pool of this process's own that claims a queue's jobs (the WhatsApp reply slots, ADR 0012)
   * is woken through here: pg-boss wakes its own workers by NOTIFY, but only for a job due now and
   * only workers registered with work(). `setWaker` names the pool's wake for the queue (null when
   * it stops); `wake` calls it for a job due at `at` (null: now). Nothing is woken in a process
   * without the pool (ROLE=web): another process's poll picks the job up.
   */
  setWaker(queue: string, wake: ((at: Date | null) => void) | null): void;
  wake(queue: string, at: Date | null): void;
  stop(): Promise<void>;
}

export interface WorkerHooks {
  beforeStop?: () => Promise<void>;
  afterStop?: () => Promise<void>;
}

export interface StartJobRunnerOptions {
  database: Database;
  role: 'all' | 'web' | 'worker';
  logger: FastifyBaseLogger;
  /**
   * called once the runner can take jobs, before the workers are registered (they may queue
   * work as they start: the WhatsApp sweep does)
   */
  onStarted?: (runner: JobRunner) => void;
  /**
   * registers the job handlers of this process (ROLE=all or worker). When the runner stops,
   * `beforeStop` runs first (pools of our own stop claiming and finish their jobs while the queue
   * is still open), then pg-boss stops its workers, then `afterStop` (what those jobs used).
   */
  registerWorkers?: (boss: PgBoss) => Promise<WorkerHooks>;
}

/**
 * pg-boss on the same database in both modes. Embedded: one in-process connection,
 * so only the owning process runs jobs. PostgreSQL: any number of workers pull from the queue.
 */
export async function startJobRunner(options: StartJobRunnerOptions): Promise<JobRunner> {
  const { database, role, logger } = options;
  const working = role !== 'web';
  // LISTEN/NOTIFY wakes a worker the moment a job of a notify queue is created (the WhatsApp
  // inbox); polling stays as the floor. The WhatsApp reply slots are woken by the app itself.
  const common = { schema: 'pgboss', supervise: working, schedule: working, useListenNotify: true };
  const boss =
    database.kind === 'embedded'
      ? new PgBoss({ ...common, db: fromPglite(database.jobsPglite!) })
      : // 8 connections: the reply slots claim, complete and queue through pg-boss while its own
        // workers poll and its maintenance holds a connection, and a call that waits 10 s for one
        // fails (pg-boss's connection time-out).
        new PgBoss({ ...common, connectionString: database.url!, max: 8 });
  boss.on('error', (err: unknown) => logger.error({ err }, 'job runner error'));
  await boss.start();
  for (const queue of QUEUES) {
    const queueOptions = QUEUE_OPTIONS[queue];
    await boss.createQueue(queue, queueOptions);
    // createQueue leaves an existing queue as it was: bring its options up to date.
    const { policy: _policy, ...updatable } = queueOptions ?? {};
    if (Object.keys(updatable).length > 0) await boss.updateQueue(queue, updatable);
  }
  let hooks: WorkerHooks = {};
  const wakers = new Map<string, (at: Date | null) => void>();
  const runner: JobRunner = {
    boss,
    working,
    setWaker(queue, wake) {
      if (wake) wakers.set(queue, wake);
      else wakers.delete(queue);
    },
    wake(queue, at) {
      wakers.get(queue)?.(at);
    },
    async stop() {
      await hooks.beforeStop?.();
      // pg-boss owns its pool on PostgreSQL; on PGlite the connection is ours, closed with the db.
      await boss.stop({ graceful: true, timeout: 10_000, close: database.kind === 'postgres' });
      await hooks.afterStop?.();
    },
  };
  options.onStarted?.(runner);
  if (working) {
    await registerHousekeeping(boss, database, logger);
    hooks = (await options.registerWorkers?.(boss)) ?? {};
  }
  return runner;
}
