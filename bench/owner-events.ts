/**
 * Owner events: from `publishOwnerEvent` to the event read off an open
 * `GET /api/events` stream, p50/p95, on the embedded database and on PostgreSQL when it answers
 * on 127.0.0.1:5432 — beside a plain NOTIFY round trip on the same database and the same
 * listening connection (`pg_notify` → the listener's callback), measured in the same run.
 *
 *   node --import tsx bench/owner-events.ts
 *
 * The app runs in this process (bench/lib/in-process-app.ts) with its job runner, as `ROLE=all`
 * does; the stream is read over real HTTP on loopback. Events are published one at a time, the
 * next once the last was received, each a notification event the size the inbox sends.
 */
import { sql } from 'drizzle-orm';
import type { OwnerEvent } from '@common/schemas/inbox';
import { publishOwnerEvent } from '../server/modules/events';
import { SseReader } from '../server/test/sse-client';
import { percentile, printTable, round, writeResult } from './lib/common';
import { signedInClient, startInProcessApp, type InProcessApp } from './lib/in-process-app';
import { createBenchDatabase } from './lib/postgres';

const WARMUP = 30;
const SAMPLES = 300;

function event(i: number): OwnerEvent {
  return {
    type: 'notification',
    notification: {
      id: i,
      kind: 'needs-person',
      conversationId: 1000 + i,
      agentId: 12,
      subject: 'Maria Souza',
      readAt: null,
      createdAt: new Date().toISOString(),
    },
  };
}

/** publish → received on the stream, ms each. */
async function streamLatencies(app: InProcessApp, label: string): Promise<number[]> {
  const { client, userId } = await signedInClient(app.baseUrl, `events${label}${Date.now()}`);
  const reader = await SseReader.open(client, '/api/events');
  await reader.until((r) => r.blocks.some((b) => b.id !== undefined), 'the stream to start');
  const times: number[] = [];
  for (let i = 0; i < WARMUP + SAMPLES; i++) {
    const t0 = performance.now();
    const id = await publishOwnerEvent(app.ctx, userId, event(i));
    await reader.until((r) => r.events.at(-1)?.id === String(id), `event ${id}`);
    if (i >= WARMUP) times.push(performance.now() - t0);
  }
  await reader.close();
  return times;
}

/** pg_notify → the listener's callback on the same Database.notifications, ms each. */
async function notifyLatencies(app: InProcessApp): Promise<number[]> {
  let arrived: (() => void) | null = null;
  const unlisten = await app.ctx.database.notifications.listen('bench_notify_baseline', {
    onNotify: () => arrived?.(),
    onReconnect: () => {},
  });
  const times: number[] = [];
  for (let i = 0; i < WARMUP + SAMPLES; i++) {
    const received = new Promise<void>((resolve) => (arrived = resolve));
    const t0 = performance.now();
    await app.ctx.database.db.execute(sql`SELECT pg_notify('bench_notify_baseline', ${String(i)})`);
    await received;
    if (i >= WARMUP) times.push(performance.now() - t0);
  }
  await unlisten();
  return times;
}

function row(database: string, what: string, times: number[]) {
  return {
    database,
    what,
    samples: times.length,
    p50Ms: round(percentile(times, 50), 2),
    p95Ms: round(percentile(times, 95), 2),
    maxMs: round(Math.max(...times), 2),
  };
}

async function measure(database: string, env: Record<string, string>) {
  const app = await startInProcessApp(env);
  try {
    const baseline = await notifyLatencies(app);
    const stream = await streamLatencies(app, database);
    return [
      row(database, 'baseline: pg_notify → listener', baseline),
      row(database, 'publishOwnerEvent → SSE event', stream),
    ];
  } finally {
    await app.close();
  }
}

const rows = await measure('embedded', {});
const pg = await createBenchDatabase();
if (pg) {
  try {
    rows.push(...(await measure('postgres', { DATABASE_URL: pg.url })));
  } finally {
    await pg.drop();
  }
}
printTable(rows);
const file = await writeResult('owner-events', { warmup: WARMUP, rows });
console.log(`\nwrote ${file}`);
