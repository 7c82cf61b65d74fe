import {
  ANALYTICS_CHANNELS,
  daysInRange,
  type AnalyticsBreakdown,
  type AnalyticsDay,
  type AnalyticsOverview,
  type AnalyticsOverviewQuery,
} from '@common/schemas/analytics';
import type { AppContext } from '../../app-context';
import { getAgent } from '../agents';
import { ownerTimeZone } from '../settings';
import * as rollups from './overview.repo';
import { ownerAgents, type OverviewScope } from './overview.repo';

/** Where the figures come from: the rollups; the tests compare them with the messages' own. */
export type OverviewQueries = Pick<
  typeof rollups,
  'messageCounts' | 'handedOffCount' | 'responseTimes' | 'costs'
>;

/** Reais with the float noise of a sum of products taken off (a hundredth of a cent). */
const brl = (value: number) => Math.round(value * 10_000) / 10_000;

/** Every day of the period, YYYY-MM-DD (calendar days: no time zone involved). */
function periodDays(from: string, to: string): string[] {
  const first = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: daysInRange(from, to) }, (_, i) =>
    new Date(first + i * 86_400_000).toISOString().slice(0, 10),
  );
}

/**
 * GET /api/analytics/overview: what the owner's agents did in the period, counted in the owner's
 * days. An agent of another owner is not found, as everywhere else.
 */
export async function overview(
  ctx: AppContext,
  ownerId: number,
  query: AnalyticsOverviewQuery,
  queries: OverviewQueries = rollups,
): Promise<AnalyticsOverview> {
  const db = ctx.database.db;
  if (query.agentId !== undefined) await getAgent(db, ownerId, query.agentId);
  const timezone = await ownerTimeZone(ctx, ownerId);
  const scope: OverviewScope = { ownerId, timezone, ...query };
  const [counts, handedOff, times, cost, agents] = await Promise.all([
    queries.messageCounts(db, scope),
    queries.handedOffCount(db, scope),
    queries.responseTimes(db, scope),
    queries.costs(db, ctx.config, scope),
    ownerAgents(db, scope),
  ]);

  const empty = (): AnalyticsBreakdown => ({
    conversations: 0,
    messagesIn: 0,
    messagesOut: 0,
    costBrl: 0,
  });
  const total = empty();
  const daily = new Map<string, AnalyticsDay>(
    periodDays(query.from, query.to).map((date) => [
      date,
      { date, ...empty(), firstResponseMs: { p50: null, p90: null } },
    ]),
  );
  const channels = (query.channel ? [query.channel] : ANALYTICS_CHANNELS).map((channel) => ({
    channel,
    ...empty(),
  }));
  const byAgent = agents.map((a) => ({ agentId: a.id, name: a.name, ...empty() }));
  const hourly = Array.from({ length: 7 }, () => Array<number>(24).fill(0));

  for (const row of counts) {
    const figures = {
      conversations: row.conversations,
      messagesIn: row.messagesIn,
      messagesOut: row.messagesOut,
    };
    if (row.day !== null) Object.assign(daily.get(row.day) ?? {}, figures);
    else if (row.channel !== null)
      Object.assign(channels.find((c) => c.channel === row.channel) ?? {}, figures);
    else if (row.agentId !== null)
      Object.assign(byAgent.find((a) => a.agentId === row.agentId) ?? {}, figures);
    else if (row.dow !== null && row.hour !== null) hourly[row.dow]![row.hour] = row.messagesIn;
    else Object.assign(total, figures);
  }
  for (const row of cost) {
    const costBrl = brl(row.costBrl);
    if (row.by === 'all') total.costBrl = costBrl;
    else if (row.by === 'day' && row.key) {
      const day = daily.get(row.key);
      if (day) day.costBrl = costBrl;
    } else if (row.by === 'channel') {
      const channel = channels.find((c) => c.channel === row.key);
      if (channel) channel.costBrl = costBrl;
    } else if (row.by === 'agent' && row.key !== null) {
      const agent = byAgent.find((a) => a.agentId === Number(row.key));
      if (agent) agent.costBrl = costBrl;
    }
  }
  let firstResponseMs: AnalyticsOverview['firstResponseMs'] = { p50: null, p90: null };
  for (const row of times) {
    if (row.day === null) firstResponseMs = { p50: row.p50, p90: row.p90 };
    else {
      const day = daily.get(row.day);
      if (day) day.firstResponseMs = { p50: row.p50, p90: row.p90 };
    }
  }

  return {
    from: query.from,
    to: query.to,
    timezone,
    conversations: total.conversations,
    messagesIn: total.messagesIn,
    messagesOut: total.messagesOut,
    resolvedByAgent: total.conversations - handedOff,
    handedOff,
    firstResponseMs,
    daily: [...daily.values()],
    hourly,
    costBrl: total.costBrl,
    byChannel: channels,
    byAgent: byAgent.sort(
      (a, b) => b.conversations - a.conversations || a.name.localeCompare(b.name, 'pt-BR'),
    ),
  };
}
