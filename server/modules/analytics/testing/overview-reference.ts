import { sql, type SQL } from 'drizzle-orm';
import type { Config } from '../../../config';
import { queryRows, type AppDb } from '../../../db/client';
import { costBrlSql } from '../pricing';
import type { CostRow, CountRow, OverviewScope, ResponseRow } from '../overview.repo';

/**
 * The overview computed from the messages themselves (as before ADR 0024), for the tests only: the
 * rollups must give these figures exactly, for any period, time zone and filter. Every statement
 * reads only the owner's agents' customer conversations (never the test console's), in the
 * period's instants, cut in the owner's time zone by the database itself.
 */
const start = (s: OverviewScope) => sql`((${s.from}::date)::timestamp AT TIME ZONE ${s.timezone})`;
const end = (s: OverviewScope) => sql`((${s.to}::date + 1)::timestamp AT TIME ZONE ${s.timezone})`;
const localDay = (column: SQL, s: OverviewScope) =>
  sql`to_char((${column} AT TIME ZONE ${s.timezone})::date, 'YYYY-MM-DD')`;

/** A message that counts: a customer's (not ignored), or one sent to the customer. */
const COUNTED = (m: string) => {
  const a = sql.raw(m);
  return sql`((${a}.role = 'user' AND ${a}.status <> 'ignored')
    OR (${a}.role IN ('assistant', 'human') AND ${a}.status = 'done'))`;
};

/**
 * The owner's customer conversations that may have a message in the period: their newest
 * activity (kept by the messages trigger) is not older than its start.
 */
function scopedConversations(s: OverviewScope): SQL {
  return sql`SELECT c.id, c.agent_id, c.channel
    FROM conversations c JOIN agents a ON a.id = c.agent_id
    WHERE a.owner_id = ${s.ownerId}
      AND c.channel IN ('whatsapp', 'webchat')
      AND c.last_activity_at >= ${start(s)}
      ${s.agentId === undefined ? sql`` : sql`AND c.agent_id = ${s.agentId}`}
      ${s.channel === undefined ? sql`` : sql`AND c.channel = ${s.channel}`}`;
}

/**
 * Conversations with a customer message, customer messages and messages sent — per day, channel,
 * agent, weekday × hour (customer messages) and in all (the row whose keys are all null).
 */
export async function messageCounts(db: AppDb, s: OverviewScope): Promise<CountRow[]> {
  // Counted per conversation and day first, then summed: no count(DISTINCT) over the messages.
  const rows = await queryRows<Record<keyof CountRow, string | number | null>>(
    db,
    sql`WITH conv AS (${scopedConversations(s)}),
    msg AS (
      SELECT m.conversation_id, conv.agent_id, conv.channel, m.role,
        (m.created_at AT TIME ZONE ${s.timezone}) AS local
      FROM conv JOIN messages m ON m.conversation_id = conv.id
      WHERE m.created_at >= ${start(s)} AND m.created_at < ${end(s)} AND ${COUNTED('m')}
    ),
    per_day AS (
      SELECT conversation_id, agent_id, channel, local::date AS day,
        count(*) FILTER (WHERE role = 'user') AS n_in,
        count(*) FILTER (WHERE role <> 'user') AS n_out
      FROM msg GROUP BY conversation_id, agent_id, channel, local::date
    ),
    per_conversation AS (
      SELECT agent_id, channel, sum(n_in) AS n_in, sum(n_out) AS n_out
      FROM per_day GROUP BY conversation_id, agent_id, channel
    ),
    figures AS (
      SELECT to_char(day, 'YYYY-MM-DD') AS day, NULL::text AS channel, NULL::int AS agent_id,
        count(*) FILTER (WHERE n_in > 0) AS conversations, sum(n_in) AS n_in, sum(n_out) AS n_out
      FROM per_day GROUP BY day
      UNION ALL
      SELECT NULL, channel, NULL, count(*) FILTER (WHERE n_in > 0), sum(n_in), sum(n_out)
      FROM per_conversation GROUP BY channel
      UNION ALL
      SELECT NULL, NULL, agent_id, count(*) FILTER (WHERE n_in > 0), sum(n_in), sum(n_out)
      FROM per_conversation GROUP BY agent_id
      UNION ALL
      SELECT NULL, NULL, NULL, count(*) FILTER (WHERE n_in > 0), coalesce(sum(n_in), 0),
        coalesce(sum(n_out), 0)
      FROM per_conversation
    )
    SELECT day AS "day", channel AS "channel", agent_id AS "agentId", NULL::int AS "dow",
      NULL::int AS "hour", conversations AS "conversations", n_in AS "messagesIn",
      n_out AS "messagesOut"
    FROM figures
    UNION ALL
    SELECT NULL, NULL, NULL, extract(dow FROM local)::int, extract(hour FROM local)::int, 0,
      count(*), 0
    FROM msg WHERE role = 'user' GROUP BY 4, 5`,
  );
  return rows.map((r) => ({
    day: r.day === null ? null : String(r.day),
    channel: r.channel === null ? null : String(r.channel),
    agentId: r.agentId === null ? null : Number(r.agentId),
    dow: r.dow === null ? null : Number(r.dow),
    hour: r.hour === null ? null : Number(r.hour),
    conversations: Number(r.conversations),
    messagesIn: Number(r.messagesIn),
    messagesOut: Number(r.messagesOut),
  }));
}

/**
 * Of the conversations with a customer message in the period, those a person stepped in: a
 * person's message in the period, a handoff or pause in it, or a handoff (or a pause still
 * running) from before it that no resume ended before it began.
 */
export async function handedOffCount(db: AppDb, s: OverviewScope): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(
    db,
    sql`WITH conv AS (${scopedConversations(s)}),
    served AS (
      SELECT DISTINCT m.conversation_id AS id
      FROM conv JOIN messages m ON m.conversation_id = conv.id
      WHERE m.created_at >= ${start(s)} AND m.created_at < ${end(s)}
        AND m.role = 'user' AND m.status <> 'ignored'
    )
    SELECT count(*) AS n FROM served s
    WHERE EXISTS (
        SELECT 1 FROM messages h
        WHERE h.conversation_id = s.id AND h.role = 'human'
          AND h.created_at >= ${start(s)} AND h.created_at < ${end(s)})
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

/**
 * First-response times per day (the customer message's day) and in all: from each customer message
 * that opens a turn — the conversation's first counted message, or the first after a message sent
 * to the customer — to the next message sent to the customer (even after the period). Both come
 * from one pass over the period's messages (window functions); the message before the first of
 * the period, and an answer after its end, are looked up only for those few.
 */
export async function responseTimes(db: AppDb, s: OverviewScope): Promise<ResponseRow[]> {
  const rows = await queryRows<{
    day: string | null;
    p50: string | number | null;
    p90: string | number | null;
  }>(
    db,
    sql`WITH conv AS (${scopedConversations(s)}),
    seq AS (
      SELECT m.id, m.conversation_id, m.role, m.created_at,
        lag(m.role) OVER (PARTITION BY m.conversation_id ORDER BY m.id) AS prev_role,
        min(m.id) FILTER (WHERE m.role <> 'user') OVER (PARTITION BY m.conversation_id
          ORDER BY m.id DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS next_out_id
      FROM conv JOIN messages m ON m.conversation_id = conv.id
      WHERE m.created_at >= ${start(s)} AND m.created_at < ${end(s)} AND ${COUNTED('m')}
    ),
    -- The lookups are ordered as messages_conversation_idx is, so the planner walks that index
    -- (a few rows) rather than the primary key backwards from the message (the whole table).
    openers AS (
      SELECT q.id, q.conversation_id, q.created_at, q.next_out_id FROM seq q
      WHERE q.role = 'user' AND coalesce(q.prev_role, (
        SELECT p.role FROM messages p
        WHERE p.conversation_id = q.conversation_id AND p.id < q.id AND ${COUNTED('p')}
        ORDER BY p.conversation_id DESC, p.id DESC LIMIT 1), 'none') <> 'user'
    ),
    waits AS (
      SELECT ${localDay(sql`o.created_at`, s)} AS day,
        extract(epoch FROM (coalesce(a.created_at, (
          SELECT r.created_at FROM messages r
          WHERE r.conversation_id = o.conversation_id AND r.id > o.id
            AND r.role IN ('assistant', 'human') AND r.status = 'done'
          ORDER BY r.conversation_id, r.id LIMIT 1)) - o.created_at)) * 1000 AS ms
      FROM openers o LEFT JOIN messages a ON a.id = o.next_out_id
    )
    SELECT day AS "day",
      percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) AS "p50",
      percentile_cont(0.9) WITHIN GROUP (ORDER BY ms) AS "p90"
    FROM waits WHERE ms IS NOT NULL GROUP BY GROUPING SETS ((day), ())`,
  );
  const ms = (v: string | number | null) => (v === null ? null : Math.round(Number(v)));
  return rows.map((r) => ({ day: r.day, p50: ms(r.p50), p90: ms(r.p90) }));
}

/** The model calls of the period at the price table, per day, channel, agent and in all. */
export async function costs(
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
    // table is looked up a few hundred times, not once per call.
    sql`WITH tokens AS (
      SELECT ${localDay(sql`u.created_at`, s)} AS day, u.channel, u.agent_id, u.model,
        sum(u.input_tokens) AS input_tokens, sum(u.output_tokens) AS output_tokens
      FROM usage_records u
      WHERE u.owner_id = ${s.ownerId} AND u.channel IN ('whatsapp', 'webchat')
        AND u.created_at >= ${start(s)} AND u.created_at < ${end(s)}
        ${s.agentId === undefined ? sql`` : sql`AND u.agent_id = ${s.agentId}`}
        ${s.channel === undefined ? sql`` : sql`AND u.channel = ${s.channel}`}
      GROUP BY 1, 2, 3, 4
    ),
    calls AS (SELECT day, channel, agent_id, ${costBrlSql(config, 't')} AS cost FROM tokens t)
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
