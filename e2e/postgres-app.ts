import { expect } from '@playwright/test';
import pg from 'pg';
import { adminDatabaseUrl, databaseUrlFor } from '../server/test/test-env';
import { startAppServer, type AppServer } from './app-server';
import { test as base } from './fixtures';

/**
 * A spec whose workers run the app on PostgreSQL — a database of their own, dropped after — so
 * the test can advance time where the app keeps it: a reminder's or a follow-up's due time and
 * its job's start (the embedded database lives inside the server process).
 */
export const test = base.extend<object, { databaseUrl: string }>({
  databaseUrl: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from it
    async ({}, use, workerInfo) => {
      const name = `e2e_${workerInfo.workerIndex}_${process.pid}_${Date.now()}`;
      await query(adminDatabaseUrl(), `CREATE DATABASE ${name}`);
      await use(databaseUrlFor(name));
      await query(adminDatabaseUrl(), `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
    { scope: 'worker' },
  ],
  appServer: [
    async ({ databaseUrl }, use) => {
      const server: AppServer = await startAppServer({ DATABASE_URL: databaseUrl });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
});

/** One statement on a database of the PostgreSQL server. */
export async function query<T>(
  databaseUrl: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * Time advanced for one timed row: due now, and its queued pg-boss job starting now. The app
 * queues the job just after it writes the row, so the job is awaited: moved before it exists, the
 * job would keep its start hours away.
 */
export async function advanceJob(
  databaseUrl: string,
  target: { table: 'appointment_reminders' | 'follow_ups'; id: number },
  job: { queue: string; singletonKey: string },
) {
  await query(databaseUrl, `UPDATE ${target.table} SET due_at = now() WHERE id = $1`, [target.id]);
  await expect
    .poll(
      async () =>
        (
          await query(
            databaseUrl,
            `UPDATE pgboss.job SET start_after = now()
              WHERE name = $1 AND singleton_key = $2 AND state = 'created' RETURNING id`,
            [job.queue, job.singletonKey],
          )
        ).length,
      { message: `the job ${job.singletonKey} queued`, timeout: 20_000 },
    )
    .toBe(1);
}
