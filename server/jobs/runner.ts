import { PgBoss, fromPglite } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { registerHousekeeping } from './housekeeping';

export interface JobRunner {
  boss: PgBoss;
  /** whether this process works jobs (ROLE=all or worker) or only enqueues them (ROLE=web) */
  working: boolean;
  stop(): Promise<void>;
}

export interface StartJobRunnerOptions {
  database: Database;
  role: 'all' | 'web' | 'worker';
  logger: FastifyBaseLogger;
}

/**
 * pg-boss on the same database in both modes (DESIGN.md §7). Embedded: one in-process connection,
 * so only the owning process runs jobs. PostgreSQL: any number of workers pull from the queue.
 */
export async function startJobRunner(options: StartJobRunnerOptions): Promise<JobRunner> {
  const { database, role, logger } = options;
  const working = role !== 'web';
  const common = { schema: 'pgboss', supervise: working, schedule: working };
  const boss =
    database.kind === 'embedded'
      ? new PgBoss({ ...common, db: fromPglite(database.pglite!) })
      : new PgBoss({ ...common, connectionString: database.url!, max: 4 });
  boss.on('error', (err: unknown) => logger.error({ err }, 'job runner error'));
  await boss.start();
  if (working) await registerHousekeeping(boss, database.db, logger);
  return {
    boss,
    working,
    // pg-boss owns its pool on PostgreSQL; on PGlite the connection is ours and closes with the db.
    stop: () => boss.stop({ graceful: true, timeout: 10_000, close: database.kind === 'postgres' }),
  };
}
