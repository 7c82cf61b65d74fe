/**
 * The reminder sweep and the reminder worker's poll (ADR 0029) with BENCH_REMINDERS
 * (default 100 000) reminders scheduled in the future — each a row of appointment_reminders and a
 * pg-boss job waiting for its time — against the same two with none, measured in the same run, on
 * the embedded database and on PostgreSQL when it answers on 127.0.0.1:5432 (BENCH_POSTGRES_URL).
 *
 *   node --import tsx bench/reminders.ts
 *
 * sweep: `sweepReminders` (what the minute's job runs: due rows without a job). poll: one
 * `boss.fetch` of the reminder queue (what each worker does every second; nothing is due, so it
 * finds nothing). p50/p95 over BENCH_REMINDERS_SAMPLES (default 50, after 5 unmeasured).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type AppDb } from '../server/db/client';
import { REMINDER_QUEUE, sweepReminders } from '../server/modules/reminders';
import { createAgent, newOwner } from './lib/app-client';
import { percentile, printTable, round, writeResult, timedRuns } from './lib/common';
import { onEngine } from './lib/engines';
import type { InProcessApp } from './lib/in-process-app';

const SCHEDULED = Number(process.env.BENCH_REMINDERS ?? 100_000);
const SAMPLES = Number(process.env.BENCH_REMINDERS_SAMPLES ?? 50);
const WARMUP = 5;
const APP_SECRET = 'reminders-bench-secret-0123456789abcdefgh';
const JOB_BATCH = 2000;

interface Row {
  database: string;
  case: string;
  scheduled: number;
  samples: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

const timed = (fn: (i: number) => Promise<unknown>) =>
  timedRuns(fn, { warmup: WARMUP, samples: SAMPLES });

/** `count` appointments from tomorrow on, each with one reminder due a day before it. */
async function seedRows(
  db: AppDb,
  ownerId: number,
  agentId: number,
  serviceId: number,
  count: number,
) {
  await db.execute(sql`
    INSERT INTO appointments (owner_id, agent_id, service_id, starts_at, ends_at, blocked_from,
      blocked_to, seat, status, customer_name, customer_phone, source)
    SELECT ${ownerId}, ${agentId}, ${serviceId}, t, t + interval '30 minutes', t,
      t + interval '30 minutes', i, 'confirmed', 'Cliente', '551190' || lpad(i::text, 7, '0'),
      'dashboard'
    FROM generate_series(1, ${count}) i,
      LATERAL (SELECT date_trunc('hour', now()) + interval '2 days' + (i % 2000) * interval '30 minutes' AS t) x`);
  const inserted = await queryRows<{ id: number; due: string }>(
    db,
    sql`INSERT INTO appointment_reminders (owner_id, agent_id, appointment_id, kind, hours_before,
          starts_at, due_at, status)
        SELECT owner_id, agent_id, id, 'reminder', 24, starts_at, starts_at - interval '24 hours',
          'scheduled'
        FROM appointments WHERE agent_id = ${agentId}
        RETURNING id, due_at::text AS due`,
  );
  return inserted;
}

async function measure(database: string, app: InProcessApp): Promise<Row[]> {
  const owner = await newOwner(app.baseUrl, `reminders${database}${Date.now().toString(36)}`);
  const agentId = await createAgent(owner, 'Salão');
  const service = await owner.call<{ id: number }>('POST', `/api/agents/${agentId}/services`, {
    name: 'Corte',
    durationMinutes: 30,
  });
  const db = app.ctx.database.db;
  const boss = app.ctx.jobs!.boss;
  const [user] = await queryRows<{ id: number }>(
    db,
    sql`SELECT owner_id AS id FROM agents WHERE id = ${agentId}`,
  );
  const rows: Row[] = [];
  const run = async (scheduled: number) => {
    const add = (what: string, times: number[]) => {
      const r: Row = {
        database,
        case: what,
        scheduled,
        samples: times.length,
        p50Ms: round(percentile(times, 50), 2),
        p95Ms: round(percentile(times, 95), 2),
        maxMs: round(Math.max(...times), 2),
      };
      console.log(
        `${database}, ${scheduled} scheduled, ${what}: p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms`,
      );
      rows.push(r);
    };
    add('sweep (due reminders without a job)', await timed(() => sweepReminders(app.ctx)));
    add('poll (boss.fetch of the reminder queue)', await timed(() => boss.fetch(REMINDER_QUEUE)));
  };
  await run(0);
  const t0 = performance.now();
  const reminders = await seedRows(db, user!.id, agentId, service.id, SCHEDULED);
  for (let i = 0; i < reminders.length; i += JOB_BATCH) {
    await boss.insert(
      REMINDER_QUEUE,
      reminders.slice(i, i + JOB_BATCH).map((r) => ({
        data: { reminderId: r.id },
        singletonKey: `reminder:${r.id}`,
        startAfter: new Date(r.due),
      })),
    );
  }
  await db.execute(sql`ANALYZE appointment_reminders`);
  await db.execute(sql`ANALYZE pgboss.job`);
  const [jobs] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${REMINDER_QUEUE} AND state = 'created'`,
  );
  console.log(
    `${database}: seeded ${reminders.length} reminders and ${jobs!.n} jobs in ${round((performance.now() - t0) / 1000, 1)} s`,
  );
  await run(reminders.length);
  return rows;
}

async function main() {
  const rows: Row[] = [];
  rows.push(...(await onEngine('embedded', { APP_SECRET }, (app) => measure('embedded', app))));
  rows.push(...(await onEngine('postgres', { APP_SECRET }, (app) => measure('postgres', app))));
  printTable(rows as unknown as Record<string, string | number>[]);
  const file = await writeResult('reminders', { scheduled: SCHEDULED, samples: SAMPLES, rows });
  console.log(`wrote ${file}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
