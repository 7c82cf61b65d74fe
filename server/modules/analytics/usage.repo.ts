import { sql, type SQL } from 'drizzle-orm';
import type { Config } from '../../config';
import { queryRows, type AppDb } from '../../db/client';
import { costBrlSql } from './pricing';
import { whatsappFees } from './whatsapp-fees';

/**
 * The usage card's SQL: the owner's month, cut in their time zone by the database
 * itself (`AT TIME ZONE`, the same on both engines), as the overview's days are.
 */
export interface MonthScope {
  ownerId: number;
  timezone: string;
  /** the instant "now" is, ISO 8601 */
  now: string;
}

const localNow = (s: MonthScope) => sql`(${s.now}::timestamptz AT TIME ZONE ${s.timezone})`;
const monthStart = (s: MonthScope) =>
  sql`(date_trunc('month', ${localNow(s)}) AT TIME ZONE ${s.timezone})`;
const monthEnd = (s: MonthScope) =>
  sql`((date_trunc('month', ${localNow(s)}) + interval '1 month') AT TIME ZONE ${s.timezone})`;
const inMonth = (column: SQL, s: MonthScope) =>
  sql`${column} >= ${monthStart(s)} AND ${column} < ${monthEnd(s)}`;

export interface MonthCalendar {
  /** YYYY-MM */
  month: string;
  /** today's day of the month, 1–31 */
  today: number;
  daysInMonth: number;
}

export async function monthCalendar(db: AppDb, s: MonthScope): Promise<MonthCalendar> {
  const [row] = await queryRows<{ month: string; today: number | string; days: number | string }>(
    db,
    sql`SELECT to_char(${localNow(s)}, 'YYYY-MM') AS "month",
      extract(day FROM ${localNow(s)})::int AS "today",
      extract(day FROM date_trunc('month', ${localNow(s)}) + interval '1 month - 1 day')::int
        AS "days"`,
  );
  if (!row) throw new Error('calendar query returned no row');
  return { month: row.month, today: Number(row.today), daysInMonth: Number(row.days) };
}

export interface UsageCounts {
  agents: number;
  /** customer messages received and messages sent to customers, on WhatsApp and the website */
  messages: number;
}

/**
 * The owner's agents, and this month's counted messages: a customer's (not ignored) or one sent
 * to the customer (the agent's or a person's), as the overview counts them. The test console's
 * chats are not customers.
 */
export async function usageCounts(db: AppDb, s: MonthScope): Promise<UsageCounts> {
  const [row] = await queryRows<{ agents: number | string; messages: number | string }>(
    db,
    sql`SELECT
      (SELECT count(*) FROM agents WHERE owner_id = ${s.ownerId}) AS "agents",
      (SELECT count(*) FROM messages m
        JOIN conversations c ON c.id = m.conversation_id
        JOIN agents a ON a.id = c.agent_id
        WHERE a.owner_id = ${s.ownerId} AND c.channel IN ('whatsapp', 'webchat')
          AND c.last_activity_at >= ${monthStart(s)}
          AND ${inMonth(sql`m.created_at`, s)}
          AND ((m.role = 'user' AND m.status <> 'ignored')
            OR (m.role IN ('assistant', 'human') AND m.status = 'done'))) AS "messages"`,
  );
  return { agents: Number(row?.agents ?? 0), messages: Number(row?.messages ?? 0) };
}

export interface CostRow {
  /** 'day' rows carry `day`, 'agent' rows `agentId` and `name` (null: a deleted agent) */
  kind: 'day' | 'agent';
  day: string | null;
  agentId: number | null;
  name: string | null;
  costBrl: number;
  calls: number;
  inputTokens: number;
  outputTokens: number;
}

/**
 * This month's model calls at the price table, per day and per agent, in one statement. Every
 * call counts, the test console's included: its tokens are spent as a customer's are.
 */
export async function monthCosts(db: AppDb, config: Config, s: MonthScope): Promise<CostRow[]> {
  const [calls, fees] = await Promise.all([
    monthModelCosts(db, config, s),
    whatsappFees(db, config, { ...s, lo: monthStart(s), hi: monthEnd(s) }),
  ]);
  // Meta's fees of the official line join the model calls' cost (calls and tokens stay the model's).
  for (const fee of fees) {
    for (const [kind, match] of [
      ['day', (r: CostRow) => r.day === fee.day],
      ['agent', (r: CostRow) => r.agentId === fee.agentId],
    ] as const) {
      let row = calls.find((r) => r.kind === kind && match(r));
      if (!row) {
        row = {
          kind,
          day: kind === 'day' ? fee.day : null,
          agentId: kind === 'agent' ? fee.agentId : null,
          name: kind === 'agent' ? fee.name : null,
          costBrl: 0,
          calls: 0,
          inputTokens: 0,
          outputTokens: 0,
        };
        calls.push(row);
      }
      row.costBrl += fee.costBrl;
    }
  }
  return calls;
}

async function monthModelCosts(db: AppDb, config: Config, s: MonthScope): Promise<CostRow[]> {
  const rows = await queryRows<Record<string, string | number | null>>(
    db,
    sql`WITH calls AS (
      SELECT to_char((u.created_at AT TIME ZONE ${s.timezone})::date, 'YYYY-MM-DD') AS day,
        u.agent_id, u.input_tokens, u.output_tokens, ${costBrlSql(config, 'u')} AS cost
      FROM usage_records u
      WHERE u.owner_id = ${s.ownerId} AND ${inMonth(sql`u.created_at`, s)}
    )
    SELECT grouping(day, agent_id)::int AS g, day AS "day", agent_id AS "agentId",
      (SELECT a.name FROM agents a WHERE a.id = calls.agent_id AND a.owner_id = ${s.ownerId})
        AS "name",
      sum(cost) AS "costBrl", count(*) AS "calls",
      sum(input_tokens) AS "inputTokens", sum(output_tokens) AS "outputTokens"
    FROM calls GROUP BY GROUPING SETS ((day), (agent_id))`,
  );
  return rows.map((r) => ({
    kind: Number(r.g) === 1 ? 'day' : 'agent',
    day: r.day === null ? null : String(r.day),
    agentId: r.agentId === null ? null : Number(r.agentId),
    name: r.name === null ? null : String(r.name),
    costBrl: Number(r.costBrl ?? 0),
    calls: Number(r.calls),
    inputTokens: Number(r.inputTokens ?? 0),
    outputTokens: Number(r.outputTokens ?? 0),
  }));
}
