import { PGlite } from '@electric-sql/pglite';
import { PgBoss, fromPglite, type Job } from 'pg-boss';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminDatabaseUrl, testDatabaseKind } from '../test/test-env';
import { waitFor } from '../test/wait-for';
import { JobSlots } from './job-slots';

// pg-boss on the database the suite runs on: an in-memory PGlite, or a schema of its own on
// PostgreSQL (dropped at the end).
const schema = `slots_${process.pid}_${Date.now()}`;
let pglite: PGlite | null = null;
let boss: PgBoss;
let queueSeq = 0;
let pool: JobSlots<{ n: number }> | null = null;

beforeAll(async () => {
  if (testDatabaseKind() === 'postgres') {
    boss = new PgBoss({ connectionString: adminDatabaseUrl(), schema, max: 4, supervise: false });
  } else {
    pglite = new PGlite();
    boss = new PgBoss({ db: fromPglite(pglite), schema, supervise: false });
  }
  boss.on('error', () => {});
  await boss.start();
});

afterEach(async () => {
  await pool?.stop(5_000);
  pool = null;
});

afterAll(async () => {
  if (pglite) {
    await boss.stop({ graceful: false, close: false });
    await pglite.close();
  } else {
    await boss.getDb().executeSql(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await boss.stop({ graceful: false, close: true });
  }
});

async function newQueue(options: Record<string, unknown> = {}) {
  const name = `slots-test-${++queueSeq}`;
  await boss.createQueue(name, options);
  return name;
}

async function states(queue: string, ids: string[]) {
  const jobs = await boss.findJobs(queue);
  return ids.map((id) => jobs.find((job) => job.id === id)?.state);
}

function startPool(
  queue: string,
  slots: number,
  handle: (job: Job<{ n: number }>) => Promise<void>,
  pollMs = 200,
) {
  const errors: unknown[] = [];
  pool = new JobSlots<{ n: number }>({
    boss,
    queue,
    slots,
    pollMs,
    handle,
    onError: (err) => errors.push(err),
  });
  pool.start(null);
  return { pool, errors };
}

describe('JobSlots', () => {
  it('frees a finished job’s slot at once while its neighbour is still running', async () => {
    const queue = await newQueue();
    let releaseSlow!: () => void;
    const slowHeld = new Promise<void>((resolve) => {
      releaseSlow = resolve;
    });
    const slowId = (await boss.send(queue, { n: 0 }))!;
    // The slow job is claimed first, with room for one more.
    const { errors } = startPool(queue, 2, async (job) => {
      if (job.data.n === 0) await slowHeld;
    });
    await waitFor(async () => (await states(queue, [slowId]))[0] === 'active', 'slow job active');
    const quickIds: string[] = [];
    for (let n = 1; n <= 6; n++) {
      quickIds.push((await boss.send(queue, { n }))!);
      pool!.wake();
    }
    // Six quick jobs go through the one other slot, one after another, while the slow job holds
    // its own slot the whole time.
    await waitFor(
      async () => (await states(queue, quickIds)).every((state) => state === 'completed'),
      'quick jobs completed',
    );
    expect((await states(queue, [slowId]))[0]).toBe('active');
    releaseSlow();
    await waitFor(async () => (await states(queue, [slowId]))[0] === 'completed', 'slow job');
    expect(errors).toEqual([]);
  });

  it('claims the free slots together, in one fetch', async () => {
    const queue = await newQueue();
    const ids = await Promise.all(
      [1, 2, 3, 4, 5].map(async (n) => (await boss.send(queue, { n }))!),
    );
    const fetched: number[] = [];
    const fetch = boss.fetch.bind(boss);
    const spy = vi
      .spyOn(boss, 'fetch')
      .mockImplementation(async (name: string, options?: { batchSize?: number }) => {
        const jobs = await fetch(name, options);
        fetched.push(jobs.length);
        return jobs;
      });
    const seen: number[] = [];
    pool = new JobSlots<{ n: number }>({
      boss,
      queue,
      slots: 8,
      pollMs: 60_000,
      handle: async (job) => {
        seen.push(job.data.n);
      },
      onError: () => {},
    });
    pool.start(null);
    await waitFor(
      async () => (await states(queue, ids)).every((state) => state === 'completed'),
      'all completed',
    );
    spy.mockRestore();
    expect(fetched[0]).toBe(5);
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('hands a failed job back to pg-boss, which retries it', async () => {
    const queue = await newQueue({ retryLimit: 1, retryDelay: 0 });
    const id = (await boss.send(queue, { n: 1 }))!;
    const attempts: number[] = [];
    const { errors } = startPool(queue, 2, async (job) => {
      attempts.push(job.retryCount);
      if (job.retryCount === 0) throw new Error('first attempt fails');
    });
    await waitFor(async () => (await states(queue, [id]))[0] === 'completed', 'retried job');
    expect(attempts).toEqual([0, 1]);
    expect(errors).toEqual([]);
  });

  it('claims a job due later when woken for its time, without waiting for the poll', async () => {
    const queue = await newQueue();
    const dueAt = new Date(Date.now() + 500);
    const id = (await boss.send(queue, { n: 1 }, { startAfter: dueAt }))!;
    // A poll of a minute: only the wake for `dueAt` can claim it within the wait below.
    startPool(queue, 2, async () => {}, 60_000);
    pool!.wake(dueAt);
    await waitFor(async () => (await states(queue, [id]))[0] === 'completed', 'due job', 20_000);
  });

  it('waits for a running job when stopped, and claims nothing after', async () => {
    const queue = await newQueue();
    let finish!: () => void;
    const held = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const first = (await boss.send(queue, { n: 1 }))!;
    const ran: number[] = [];
    startPool(queue, 2, async (job) => {
      ran.push(job.data.n);
      if (job.data.n === 1) await held;
    });
    await waitFor(async () => (await states(queue, [first]))[0] === 'active', 'first active');
    const stopping = pool!.stop(10_000);
    const later = (await boss.send(queue, { n: 2 }))!;
    pool!.wake();
    finish();
    await stopping;
    pool = null;
    expect(await states(queue, [first, later])).toEqual(['completed', 'created']);
    expect(ran).toEqual([1]);
  });
});
