import { sql, type SQL } from 'drizzle-orm';
import type { AnalyticsChannel } from '@common/schemas/analytics';
import type { Config } from '../../config';
import { queryRows, type AppDb } from '../../db/client';
import { costBrlSql } from './pricing';
import { whatsappFees } from './whatsapp-fees';

/**
 * The overview's SQL over the rollups the database keeps as messages and model calls
 * are stored (migration 0017, ADR 0024): 15-minute buckets per conversation and of tokens, and one
 * row per turn. Only the customer channels are rolled up (never the test console). The owner's
 * days are cut in their time zone by the database itself (`AT TIME ZONE`), the same on both
 * engines; a day's bounds fall on bucket bounds in every zone, so the figures are the messages'
 * own, exactly (testing/overview-reference.ts computes them from the messages, for the tests).
 */
export interface OverviewScope {
  ownerId: number;
  timezone: string;
  /** YYYY-MM-DD, the owner's days, both counted */
  from: string;
  to: string;
  agentId?: number | undefined;
  channel?: AnalyticsChannel | undefined;
}

const start = (s: OverviewScope) => sql`((${s.from}::date)::timestamp AT TIME ZONE ${s.timezone})`;
const end = (s: OverviewScope) => sql`((${s.to}::date + 1)::timestamp AT TIME ZONE ${s.timezone})`;

/**
 * The period's days with their bounds in UTC, a CTE named `days` (day, lo, hi). The rollups are
 * joined to it by range on their (owner, time) index: each row gets its local day from the day it
 * falls in, without a time-zone conversion per row (half the 90-day overview's time, ADR 0025).
 */
const days = (s: OverviewScope) => sql`days AS (
    SELECT d::date AS day, (d::date::timestamp AT TIME ZONE ${s.timezone}) AS lo,
      ((d::date + 1)::timestamp AT TIME ZONE ${s.timezone}) AS hi
    FROM generate_series(${s.from}::date, ${s.to}::date, interval '1 day') d)`;

/** The owner's rollup rows of one of the period's days (`d`), of the agent and channel asked for. */
function inDay(alias: string, at: string, s: OverviewScope): SQL {
  const a = sql.raw(alias);
  const t = sql.raw(`${alias}.${at}`);
  return sql`${a}.owner_id = ${s.ownerId} AND ${t} >= d.lo AND ${t} < d.hi
    ${s.agentId === undefined ? sql`` : sql`AND ${a}.agent_id = ${s.agentId}`}
    ${s.channel === undefined ? sql`` : sql`AND ${a}.channel = ${s.channel}`}`;
}

/** The owner's rollup rows of the period (and of the agent and channel asked for). */
function scoped(alias: string, at: string, s: OverviewScope): SQL {
  const a = sql.raw(alias);
  const t = sql.raw(`${alias}.${at}`);
  return sql`${a}.owner_id = ${s.ownerId} AND ${t} >= ${start(s)} AND ${t} < ${end(s)}
    ${s.agentId === undefined ? sql`` : sql`AND ${a}.agent_id = ${s.agentId}`}
    ${s.channel === undefined ? sql`` : sql`AND ${a}.channel = ${s.channel}`}`;
}

export interface CountRow {
  day: string | null;
  channel: string | null;
  agentId: number | null;
  dow: number | null;
  hour: number | null;
  conversations: number;
  messagesIn: number;
  messagesOut: number;
}

const num = (v: string | number | null) => (v === null ? null : Number(v));

/**
 * Conversations with a customer message, customer messages and messages sent — per day, channel,
 * agent, weekday × hour (customer messages) and in all (the row whose keys are all null).
 */
export async function messageCounts(db: AppDb, s: OverviewScope): Promise<CountRow[]> {
  // A conversation has one agent and one channel, so counting its ids once per group counts it
  // once a day, once per agent and channel, once in all.
  const figures = queryRows<{
    g: number;
    day: string | null;
    channel: string | null;
    agentId: number | null;
    conversations: string | number;
    messagesIn: string | number | null;
    messagesOut: string | number | null;
  }>(
    db,
    sql`WITH ${days(s)}
    SELECT grouping(d.day, b.channel, b.agent_id)::int AS g,
      to_char(d.day, 'YYYY-MM-DD') AS "day", b.channel AS "channel", b.agent_id AS "agentId",
      count(DISTINCT b.conversation_id) FILTER (WHERE b.messages_in > 0) AS "conversations",
      coalesce(sum(b.messages_in), 0) AS "messagesIn", coalesce(sum(b.messages_out), 0) AS "messagesOut"
    FROM days d JOIN analytics_conversation_buckets b ON ${inDay('b', 'bucket', s)}
    GROUP BY GROUPING SETS ((d.day), (b.channel), (b.agent_id), ())`,
  );
  // The heatmap: the buckets' customer messages summed per bucket first, then placed in the
  // owner's weekday and hour (a few thousand conversions, not one per conversation's bucket).
  const hourly = queryRows<{ dow: number; hour: number; messagesIn: string | number }>(
    db,
    sql`WITH ${days(s)},
    per_bucket AS (
      SELECT b.bucket AT TIME ZONE ${s.timezone} AS local, sum(b.messages_in) AS n_in
      FROM days d JOIN analytics_conversation_buckets b ON ${inDay('b', 'bucket', s)}
      GROUP BY b.bucket
    )
    SELECT extract(dow FROM local)::int AS "dow", extract(hour FROM local)::int AS "hour",
      sum(n_in) AS "messagesIn"
    FROM per_bucket GROUP BY 1, 2`,
  );
  const [grouped, heatmap] = await Promise.all([figures, hourly]);
  // grouping(): 3 = per day, 5 = per channel, 6 = per agent, 7 = in all.
  const rows: CountRow[] = grouped.map((r) => ({
    day: Number(r.g) === 3 ? r.day : null,
    channel: Number(r.g) === 5 ? r.channel : null,
    agentId: Number(r.g) === 6 ? num(r.agentId) : null,
    dow: null,
    hour: null,
    conversations: Number(r.conversations),
    messagesIn: Number(r.messagesIn),
    messagesOut: Number(r.messagesOut),
  }));
  for (const r of heatmap) {
    rows.push({
      day: null,
      channel: null,
      agentId: null,
      dow: Number(r.dow),
      hour: Number(r.hour),
      conversations: 0,
      messagesIn: Number(r.messagesIn),
      messagesOut: 0,
    });
  }
  return rows;
}

/**
 * Of the conversations with a customer message in the period, those a person stepped in: a
 * person's message in the period, a handoff or pause in it, or a handoff (or a pause still
 * running) from before it that no resume ended before it began.
 */
export async function handedOffCount(db: AppDb, s: OverviewScope): Promise<number> {
  // A person's message is in the buckets; the events are few (a handoff or pause per conversation
  // at most a few times), looked up only for the conversations no person wrote in.
  const [row] = await queryRows<{ n: string | number }>(
    db,
    sql`WITH served AS (
      SELECT b.conversation_id AS id, sum(b.messages_human) > 0 AS human
      FROM analytics_conversation_buckets b
      WHERE ${scoped('b', 'bucket', s)}
      GROUP BY b.conversation_id HAVING sum(b.messages_in) > 0
    )
    SELECT count(*) AS n FROM served s
    WHERE s.human
      OR EXISTS (
        SELECT 1 FROM conversation_events e
        WHERE e.conversation_id = s.id AND e.kind IN ('handoff', 'pause')
          AND e.created_at >= ${start(s)} AND e.created_at < ${end(s)})
      OR EXISTS (
        SELECT 1 FROM conversation_events e
        WHERE e.conversation_id = s.id AND e.created_at < ${start(s)}
          AND (e.kind = 'handoff' OR (e.kind = 'pause' AND e.until > ${start(s)}))
          AND NOT EXISTS (
            SELECT 1 FROM conversation_events r
            WHERE r.conversation_id = s.id AND r.kind = 'resume'
              AND r.created_at >= e.created_at AND r.created_at < ${start(s)}))`,
  );
  return Number(row?.n ?? 0);
}

export interface ResponseRow {
  day: string | null;
  p50: number | null;
  p90: number | null;
}

/**
 * First-response times per day (the customer message's day) and in all: from each customer message
 * that opens a turn — the conversation's first counted message, or the first after a message sent
 * to the customer — to the next message sent to the customer (even after the period). The turns
 * are kept by the messages' trigger; an unanswered turn has no time yet.
 */
export async function responseTimes(db: AppDb, s: OverviewScope): Promise<ResponseRow[]> {
  const rows = await queryRows<{
    day: string | null;
    p50: string | number | null;
    p90: string | number | null;
  }>(
    db,
    // The stored response time (migration 0018) sorted per day and in all; the days come from the
    // join, in day order (the 90-day overview reads ~120k turns at 1M messages).
    sql`WITH ${days(s)}
    SELECT to_char(d.day, 'YYYY-MM-DD') AS "day",
      percentile_cont(0.5) WITHIN GROUP (ORDER BY t.response_ms) AS "p50",
      percentile_cont(0.9) WITHIN GROUP (ORDER BY t.response_ms) AS "p90"
    FROM days d JOIN analytics_turns t ON ${inDay('t', 'opened_at', s)}
    WHERE t.response_ms IS NOT NULL
    GROUP BY GROUPING SETS ((d.day), ())`,
  );
  const ms = (v: string | number | null) => (v === null ? null : Math.round(Number(v)));
  return rows.map((r) => ({ day: r.day, p50: ms(r.p50), p90: ms(r.p90) }));
}

export interface CostRow {
  /** which grouping: 'day' | 'channel' | 'agent' | 'all' */
  by: 'day' | 'channel' | 'agent' | 'all';
  key: string | null;
  costBrl: number;
}

/**
 * The model calls of the period at the price table, and Meta's fees of the official WhatsApp
 * line's billable messages (whatsapp-fees.ts), per day, channel, agent and in all.
 */
export async function costs(
  db: AppDb,
  config: Pick<Config, 'MODEL_PRICES_USD' | 'USD_BRL_RATE' | 'WHATSAPP_PRICES_USD'>,
  s: OverviewScope,
): Promise<CostRow[]> {
  const [calls, fees] = await Promise.all([
    modelCosts(db, config, s),
    whatsappFees(db, config, { ...s, lo: start(s), hi: end(s) }),
  ]);
  if (fees.length === 0) return calls;
  const rows = new Map(calls.map((r) => [`${r.by}:${r.key}`, { ...r }]));
  const add = (by: CostRow['by'], key: string | null, costBrl: number) => {
    const row = rows.get(`${by}:${key}`) ?? { by, key, costBrl: 0 };
    row.costBrl += costBrl;
    rows.set(`${by}:${key}`, row);
  };
  for (const fee of fees) {
    add('day', fee.day, fee.costBrl);
    add('channel', 'whatsapp', fee.costBrl);
    add('agent', String(fee.agentId), fee.costBrl);
    add('all', null, fee.costBrl);
  }
  return [...rows.values()];
}

/** The model calls of the period at the price table, per day, channel, agent and in all. */
async function modelCosts(
  db: AppDb,
  config: Pick<Config, 'MODEL_PRICES_USD' | 'USD_BRL_RATE'>,
  s: OverviewScope,
): Promise<CostRow[]> {
  const rows = await queryRows<{
    g: number;
    day: string | null;
    channel: string | null;
    agentId: number | null;
    cost: string | number | null;
  }>(
    db,
    // Tokens are summed per day, channel, agent and model before they are priced: the price
    // table is looked up a few hundred times, not once per bucket.
    sql`WITH ${days(s)},
    tokens AS (
      SELECT d.day, u.channel, nullif(u.agent_id, 0) AS agent_id,
        u.model, sum(u.input_tokens)::bigint AS input_tokens,
        sum(u.output_tokens)::bigint AS output_tokens
      FROM days d JOIN analytics_usage_buckets u ON ${inDay('u', 'bucket', s)}
      GROUP BY 1, 2, 3, 4
    ),
    calls AS (
      SELECT to_char(day, 'YYYY-MM-DD') AS day, channel, agent_id, ${costBrlSql(config, 't')} AS cost
      FROM tokens t
    )
    SELECT grouping(day, channel, agent_id)::int AS g, day AS "day", channel AS "channel",
      agent_id AS "agentId", sum(cost) AS cost
    FROM calls GROUP BY GROUPING SETS ((day), (channel), (agent_id), ())`,
  );
  const by = { 3: 'day', 5: 'channel', 6: 'agent', 7: 'all' } as const;
  return rows.map((r) => {
    const kind = by[Number(r.g) as keyof typeof by];
    const key =
      kind === 'day' ? r.day : kind === 'channel' ? r.channel : kind === 'agent' ? r.agentId : null;
    return {
      by: kind,
      key: key === null ? null : String(key),
      costBrl: Number(r.cost ?? 0),
    };
  });
}

/** The owner's agents (one, when the overview is of one), for the per-agent breakdown. */
export async function ownerAgents(db: AppDb, s: OverviewScope) {
  return queryRows<{ id: number; name: string }>(
    db,
    sql`SELECT id, name FROM agents WHERE owner_id = ${s.ownerId}
      ${s.agentId === undefined ? sql`` : sql`AND id = ${s.agentId}`}
      ORDER BY name, id`,
  );
}
