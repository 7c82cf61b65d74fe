/**
 * Free-slot search for an agent with a year of appointments: open every day 08:00–20:00
 * (São Paulo) with three seats, a 30-minute service, and two of the three seats booked in every
 * half hour from 300 days ago to 65 days ahead (BENCH_SLOTS_DAYS_BACK / _AHEAD), on the embedded
 * database and on PostgreSQL when it answers on 127.0.0.1:5432 (BENCH_POSTGRES_URL).
 *
 *   node --import tsx bench/appointments-slots.ts
 *
 * GET /api/agents/{id}/slots over real HTTP (the app in this process) for the next 7 and 31 days,
 * and a booking (POST /api/appointments, a different free slot each time), p50/p95 over
 * BENCH_SLOTS_SAMPLES requests (default 30, after 3 unmeasured); beside them, in the same run,
 * `SELECT 1` on the same database handle.
 */
import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { HttpClient } from '../server/test/http-client';
import { queryRows, type AppDb } from '../server/db/client';
import { createAgent, newOwner, type OwnerSession } from './lib/app-client';
import { percentile, printTable, round, writeResult, timedRuns } from './lib/common';
import { onEngine } from './lib/engines';
import type { InProcessApp } from './lib/in-process-app';

const DAYS_BACK = Number(process.env.BENCH_SLOTS_DAYS_BACK ?? 300);
const DAYS_AHEAD = Number(process.env.BENCH_SLOTS_DAYS_AHEAD ?? 65);
const SAMPLES = Number(process.env.BENCH_SLOTS_SAMPLES ?? 30);
const WARMUP = 3;
const ZONE = 'America/Sao_Paulo';
const APP_SECRET = 'slots-bench-secret-0123456789abcdefghij';

interface Row {
  database: string;
  case: string;
  samples: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  [extra: string]: string | number;
}

async function seed(db: AppDb, ownerId: number, agentId: number, serviceId: number) {
  const t0 = performance.now();
  // every half hour of 08:00–20:00 São Paulo, seats 1 and 2 taken
  await db.execute(sql`
    INSERT INTO appointments (owner_id, agent_id, service_id, starts_at, ends_at, blocked_from,
      blocked_to, seat, status, customer_name, customer_phone, source)
    SELECT ${ownerId}, ${agentId}, ${serviceId}, t, t + interval '30 minutes', t,
      t + interval '30 minutes', s, 'confirmed', 'Cliente ' || s, '55119' || lpad((abs(hashint4(extract(epoch FROM t)::int + s)) % 100000000)::text, 8, '0'),
      'dashboard'
    FROM generate_series(
        date_trunc('day', now() - ${DAYS_BACK} * interval '1 day'),
        date_trunc('day', now() + ${DAYS_AHEAD} * interval '1 day'),
        interval '30 minutes') t,
      generate_series(1, 2) s
    WHERE extract(hour FROM t AT TIME ZONE ${ZONE}) BETWEEN 8 AND 19`);
  await db.execute(sql`VACUUM (ANALYZE) appointments`);
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM appointments WHERE agent_id = ${agentId}`,
  );
  console.log(`seeded ${count!.n} appointments in ${round((performance.now() - t0) / 1000, 1)} s`);
  return count!.n;
}

const timed = (fn: (i: number) => Promise<unknown>) =>
  timedRuns(fn, { warmup: WARMUP, samples: SAMPLES });

function client(origin: string, owner: OwnerSession): HttpClient {
  const http = new HttpClient(origin);
  const [name, value] = owner.cookie.split('=');
  http.cookies.set(name!, value!);
  return http;
}

const dayAhead = (n: number) => DateTime.now().setZone(ZONE).plus({ days: n }).toISODate()!;

async function measure(database: string, app: InProcessApp): Promise<Row[]> {
  const owner = await newOwner(app.baseUrl, `slots${database}${Date.now().toString(36)}`);
  const agentId = await createAgent(owner, 'Salão');
  const service = await owner.call<{ id: number }>('POST', `/api/agents/${agentId}/services`, {
    name: 'Corte',
    durationMinutes: 30,
  });
  await owner.call('PUT', `/api/agents/${agentId}/availability`, {
    timezone: ZONE,
    weekly: Array.from({ length: 7 }, (_, weekday) => ({
      weekday,
      start: '08:00',
      end: '20:00',
      capacity: 3,
    })),
  });
  const db = app.ctx.database.db;
  const [user] = await queryRows<{ id: number }>(
    db,
    sql`SELECT owner_id AS id FROM agents WHERE id = ${agentId}`,
  );
  const appointments = await seed(db, user!.id, agentId, service.id);
  const http = client(app.baseUrl, owner);
  const rows: Row[] = [];
  const add = (what: string, times: number[], extra: Record<string, string | number> = {}) => {
    const r: Row = {
      database,
      case: what,
      samples: times.length,
      p50Ms: round(percentile(times, 50), 1),
      p95Ms: round(percentile(times, 95), 1),
      maxMs: round(Math.max(...times), 1),
      appointments,
      ...extra,
    };
    console.log(`${database}, ${what}: p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms`);
    rows.push(r);
  };
  add(
    'baseline: SELECT 1 (same database handle)',
    await timed(() => db.execute(sql`SELECT 1`).then(() => {})),
  );
  const slots = async (days: number) => {
    const path = `/api/agents/${agentId}/slots?serviceId=${service.id}&from=${dayAhead(1)}&to=${dayAhead(days)}`;
    let found = 0;
    const times = await timed(async () => {
      const res = await http.get<unknown[]>(path);
      if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${res.text}`);
      found = res.body.length;
    });
    add(`slots: next ${days} days`, times, { slots: found });
  };
  await slots(7);
  await slots(31);
  // each booking takes the third seat of a different half hour, days 2.. ahead
  add(
    'book: POST /api/appointments (last seat)',
    await timed(async (i) => {
      const day = dayAhead(2 + Math.floor(i / 24));
      const start = DateTime.fromISO(`${day}T08:00`, { zone: ZONE }).plus({
        minutes: 30 * (i % 24),
      });
      const res = await http.post('/api/appointments', {
        agentId,
        serviceId: service.id,
        startsAt: start.toISO(),
        customerName: 'Cliente Bench',
        customerPhone: '11987654321',
      });
      if (res.status !== 201) throw new Error(`POST /api/appointments: ${res.status} ${res.text}`);
    }),
  );
  return rows;
}

async function main() {
  const rows: Row[] = [];
  rows.push(...(await onEngine('embedded', { APP_SECRET }, (app) => measure('embedded', app))));
  rows.push(...(await onEngine('postgres', { APP_SECRET }, (app) => measure('postgres', app))));
  printTable(rows);
  const file = await writeResult('appointments-slots', {
    daysBack: DAYS_BACK,
    daysAhead: DAYS_AHEAD,
    samples: SAMPLES,
    rows,
  });
  console.log(`wrote ${file}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
