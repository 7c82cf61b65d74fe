/**
 * The reports' overview at scale: one owner whose four agents hold 100k customer
 * conversations (WhatsApp and the website) and 1M messages spread over BENCH_ANALYTICS_DAYS days
 * (default 365: a year of a busy business), with a model call per answer, handoffs and pauses, on
 * the embedded database and on PostgreSQL when it answers on 127.0.0.1:5432 (BENCH_POSTGRES_URL, a
 * throw-away database).
 *
 *   node --import tsx bench/analytics.ts
 *
 * BENCH_ANALYTICS_CONVERSATIONS and BENCH_ANALYTICS_MESSAGES scale it down (defaults 100000 and
 * 1000000); BENCH_ANALYTICS_SAMPLES is the number of requests per case (default 20, after 3
 * unmeasured).
 *
 * GET /api/analytics/overview over real HTTP (the app in this process) for the last 7, 30 and 90
 * days, and 30 days of one channel and of one agent, p50/p95; beside them, in the same run, `SELECT
 * 1` on the same database handle and GET /api/user (the session and a primary-key read, the same
 * HTTP path). Goal: p95 under 300 ms for 30 and 90 days.
 *
 * The data is seeded with set-based SQL (generate_series), the messages' and model calls'
 * triggers (migrations 0010 and 0017) disabled meanwhile: a conversation's ten messages follow each
 * other (customer, answer, …) a few seconds apart, the conversations one after another over the
 * span; each conversation's newest message and activity are then set in one UPDATE, the overview's
 * rollups filled by the migration's own backfill (`analytics_backfill()`, timed; the tables' sizes
 * are printed), and the tables vacuumed and analysed.
 */
import { sql } from 'drizzle-orm';
import { HttpClient } from '../server/test/http-client';
import { createAgent, newOwner, type OwnerSession } from './lib/app-client';
import { percentile, printTable, round, writeResult, timedRuns } from './lib/common';
import { onEngine } from './lib/engines';
import type { InProcessApp } from './lib/in-process-app';
import { queryRows, type AppDb } from '../server/db/client';

const CONVERSATIONS = Number(process.env.BENCH_ANALYTICS_CONVERSATIONS ?? 100_000);
const MESSAGES = Number(process.env.BENCH_ANALYTICS_MESSAGES ?? 1_000_000);
const DAYS = Number(process.env.BENCH_ANALYTICS_DAYS ?? 365);
const SAMPLES = Number(process.env.BENCH_ANALYTICS_SAMPLES ?? 20);
const WARMUP = 3;
const CHUNK = 100_000;
const AGENTS = 4;
const APP_SECRET = 'analytics-bench-secret-0123456789abcdefgh';
const GOAL_P95_MS = 300;

/** hashint4 spread over 0..2^31-1: a deterministic stand-in for random() per row. */
const h = (expr: string, salt: number) => sql.raw(`abs(hashint4(${expr} * 31 + ${salt}))`);

async function seed(db: AppDb, ownerId: number, agentIds: number[]) {
  const t0 = performance.now();
  const perConversation = sql.raw(String(Math.max(2, Math.round(MESSAGES / CONVERSATIONS))));
  const spanS = DAYS * 86_400;
  const agentsArray = sql.raw(`(ARRAY[${agentIds.join(',')}]::int[])`);
  // Conversation g starts at a moment proportional to g over the span, ending about now.
  const [range] = await queryRows<{ first: number; last: number }>(
    db,
    sql`WITH inserted AS (
        INSERT INTO conversations (agent_id, channel, contact_id, created_at)
        SELECT ${agentsArray}[1 + g % ${agentIds.length}],
          CASE WHEN g % 10 < 7 THEN 'whatsapp' ELSE 'webchat' END,
          'contato-' || g,
          now() - (${CONVERSATIONS}::int - g + 1) * interval '1 second' * ${spanS / CONVERSATIONS}::float8
        FROM generate_series(1, ${CONVERSATIONS}) g
        RETURNING id)
      SELECT min(id)::int AS first, max(id)::int AS last FROM inserted`,
  );
  const { first, last } = range!;
  // Row triggers off for the seed (its set-based inserts would pay them a million times); the
  // rollups are filled afterwards by the migration's own backfill (analytics_backfill()).
  await db.execute(sql`ALTER TABLE messages DISABLE TRIGGER messages_track_conversation`);
  await db.execute(sql`ALTER TABLE messages DISABLE TRIGGER messages_analytics`);
  await db.execute(sql`ALTER TABLE usage_records DISABLE TRIGGER usage_records_analytics`);
  try {
    for (let start = 0; start < MESSAGES; start += CHUNK) {
      const end = Math.min(MESSAGES, start + CHUNK) - 1;
      // Message g is the (g % n)th of conversation g / n: customer and answer alternate, the answer
      // 2–30 s later, the next customer message a minute on; one answer in 20 typed by a person,
      // one in 500 failed.
      await db.execute(sql`
        INSERT INTO messages (conversation_id, role, content, status, created_at)
        SELECT ${first} + g / ${perConversation}, role,
          CASE role WHEN 'user' THEN 'Vocês abrem amanhã?' WHEN 'human' THEN 'Seu pedido sai às 15h.'
            ELSE 'Abrimos das 7h às 19h.' END,
          CASE WHEN role <> 'user' AND g % 500 = 3 THEN 'failed' ELSE 'done' END,
          c.created_at + (g % ${perConversation}) / 2 * interval '1 minute'
            + CASE WHEN role = 'user' THEN interval '0' ELSE (2 + ${h('g', 1)} % 29) * interval '1 second' END
        FROM (SELECT g, CASE WHEN g % 2 = 0 THEN 'user'
                WHEN g % 40 = 1 THEN 'human' ELSE 'assistant' END AS role
              FROM generate_series(${start}::int, ${end}::int) g) s
        JOIN conversations c ON c.id = ${first} + g / ${perConversation}`);
    }
    await db.execute(sql`
      UPDATE conversations c SET last_message_id = m.last_id, last_activity_at = m.last_at
      FROM (SELECT conversation_id, max(id) AS last_id, max(created_at) AS last_at
            FROM messages GROUP BY conversation_id) m
      WHERE m.conversation_id = c.id AND c.id BETWEEN ${first} AND ${last}`);
  } finally {
    await db.execute(sql`ALTER TABLE messages ENABLE TRIGGER messages_track_conversation`);
    await db.execute(sql`ALTER TABLE messages ENABLE TRIGGER messages_analytics`);
  }
  // A model call per answer; one conversation in 20 handed over, one in 33 paused.
  await db.execute(sql`
    INSERT INTO usage_records (owner_id, agent_id, channel, provider, model, input_tokens,
      output_tokens, latency_ms, created_at)
    SELECT ${ownerId}, c.agent_id, c.channel, 'openai', 'gpt-4o-mini', 800 + m.id % 700,
      60 + m.id % 200, 900, m.created_at
    FROM messages m JOIN conversations c ON c.id = m.conversation_id
    WHERE m.role = 'assistant' AND c.id BETWEEN ${first} AND ${last}`);
  await db.execute(sql`
    INSERT INTO conversation_events (conversation_id, kind, by, until, created_at)
    SELECT c.id, CASE WHEN c.id % 20 = 0 THEN 'handoff' ELSE 'pause' END,
      CASE WHEN c.id % 20 = 0 THEN 'agent' ELSE 'owner' END,
      CASE WHEN c.id % 20 = 0 THEN NULL ELSE c.created_at + interval '30 minutes' END,
      c.created_at + interval '90 seconds'
    FROM conversations c
    WHERE c.id BETWEEN ${first} AND ${last} AND (c.id % 20 = 0 OR c.id % 33 = 0)`);
  await db.execute(sql`ALTER TABLE usage_records ENABLE TRIGGER usage_records_analytics`);
  const t1 = performance.now();
  await db.execute(sql`SELECT analytics_backfill()`);
  const backfillS = round((performance.now() - t1) / 1000, 1);
  for (const table of [
    'conversations',
    'messages',
    'usage_records',
    'conversation_events',
    'analytics_conversation_buckets',
    'analytics_turns',
    'analytics_usage_buckets',
  ]) {
    await db.execute(sql.raw(`VACUUM (ANALYZE) ${table}`));
  }
  const sizes = await queryRows<{ name: string; rows: number; mb: number }>(
    db,
    sql`SELECT relname AS name, c.reltuples::bigint::float8 AS rows,
        round(pg_total_relation_size(c.oid) / 1048576.0, 1)::float8 AS mb
      FROM pg_class c
      WHERE relname IN ('messages', 'usage_records', 'analytics_conversation_buckets',
        'analytics_turns', 'analytics_usage_buckets')
      ORDER BY relname`,
  );
  console.log(
    `seeded ${CONVERSATIONS} conversations, ${MESSAGES} messages over ${DAYS} days in ` +
      `${round((performance.now() - t0) / 1000, 1)} s (rollups' backfill ${backfillS} s)`,
  );
  for (const r of sizes) console.log(`  ${r.name}: ${r.rows} rows, ${r.mb} MB with indexes`);
  return { backfillS, sizes };
}

function client(origin: string, owner: OwnerSession): HttpClient {
  const http = new HttpClient(origin);
  const [name, value] = owner.cookie.split('=');
  http.cookies.set(name!, value!);
  return http;
}

interface Row {
  database: string;
  case: string;
  samples: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  [extra: string]: string | number;
}

/** Per database: the backfill's time and the tables' sizes after the seed. */
const seeds: Record<string, Awaited<ReturnType<typeof seed>>> = {};

const timed = (fn: (i: number) => Promise<unknown>) =>
  timedRuns(fn, { warmup: WARMUP, samples: SAMPLES });

/** YYYY-MM-DD of the day `daysAgo` before today (UTC; São Paulo's day differs by hours only). */
const day = (daysAgo: number) =>
  new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

async function measure(database: string, app: InProcessApp): Promise<Row[]> {
  const owner = await newOwner(app.baseUrl, `reports${database}${Date.now().toString(36)}`, {
    planId: 'multi',
  });
  const agentIds: number[] = [];
  for (let i = 0; i < AGENTS; i++) agentIds.push(await createAgent(owner, `Loja ${i + 1}`));
  const db = app.ctx.database.db;
  const [user] = await queryRows<{ id: number }>(
    db,
    sql`SELECT owner_id AS id FROM agents WHERE id = ${agentIds[0]!}`,
  );
  seeds[database] = await seed(db, user!.id, agentIds);
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
      ...extra,
    };
    console.log(`${database}, ${what}: p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms`);
    rows.push(r);
  };
  add(
    'baseline: SELECT 1 (same database handle)',
    await timed(() => db.execute(sql`SELECT 1`).then(() => {})),
  );
  add(
    'baseline: GET /api/user (session + primary key)',
    await timed(async () => {
      if ((await http.get('/api/user')).status !== 200) throw new Error('GET /api/user');
    }),
  );
  const overview = async (what: string, days: number, more = '') => {
    const path = `/api/analytics/overview?from=${day(days - 1)}&to=${day(0)}${more}`;
    let conversations = 0;
    let messagesIn = 0;
    const times = await timed(async () => {
      const res = await http.get<{ conversations: number; messagesIn: number }>(path);
      if (res.status !== 200)
        throw new Error(`GET ${path}: ${res.status} ${res.text.slice(0, 200)}`);
      conversations = res.body.conversations;
      messagesIn = res.body.messagesIn;
    });
    add(what, times, { days, conversations, messagesIn });
  };
  await overview('overview: 7 days', 7);
  await overview('overview: 30 days', 30);
  await overview('overview: 90 days', 90);
  await overview('overview: 30 days, ?channel=whatsapp', 30, '&channel=whatsapp');
  await overview('overview: 30 days, ?agentId (one agent)', 30, `&agentId=${agentIds[1]}`);
  return rows;
}

async function main() {
  const started = performance.now();
  const only = process.env.BENCH_ANALYTICS_ONLY;
  const rows: Row[] = [];
  if (only !== 'postgres')
    rows.push(...(await onEngine('embedded', { APP_SECRET }, (app) => measure('embedded', app))));
  if (only !== 'embedded')
    rows.push(...(await onEngine('postgres', { APP_SECRET }, (app) => measure('postgres', app))));
  printTable(rows);
  const goals: Record<string, boolean> = {};
  for (const r of rows) {
    if (r.case === 'overview: 30 days' || r.case === 'overview: 90 days') {
      goals[`${r.database}.${r.days}DaysP95Under${GOAL_P95_MS}Ms`] = r.p95Ms < GOAL_P95_MS;
    }
  }
  console.log('goals:', goals);
  const file = await writeResult('analytics', {
    conversations: CONVERSATIONS,
    messages: MESSAGES,
    days: DAYS,
    agents: AGENTS,
    samples: SAMPLES,
    warmup: WARMUP,
    rows,
    seeds,
    goals,
    wallS: round((performance.now() - started) / 1000, 1),
  });
  console.log(`\nwrote ${file} (${round((performance.now() - started) / 1000, 1)} s)`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
