import type { AnalyticsUsage } from '@common/schemas/analytics';
import type { AppContext } from '../../app-context';
import { ownerTimeZone } from '../settings';
import { ownerPlan } from '../subscriptions';
import { modelPrices } from './pricing';
import { monthCalendar, monthCosts, usageCounts, type MonthScope } from './usage.repo';

/** The days of the month from the 1st to `today`, YYYY-MM-DD. */
function daysSoFar(month: string, today: number): string[] {
  return Array.from({ length: today }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}

/**
 * GET /api/analytics/usage: this month in the owner's time zone — the plan's limits and what is
 * used, the cost so far per day and per agent, and the projection (the cost so far spread over the
 * days gone, today included, times the month's days). No plan has a message limit today.
 */
export async function monthUsage(
  ctx: AppContext,
  ownerId: number,
  now: Date = new Date(),
): Promise<AnalyticsUsage> {
  const db = ctx.database.db;
  const timezone = await ownerTimeZone(ctx, ownerId);
  const scope: MonthScope = { ownerId, timezone, now: now.toISOString() };
  const [calendar, counts, costs, plan] = await Promise.all([
    monthCalendar(db, scope),
    usageCounts(db, scope),
    monthCosts(db, ctx.config, scope),
    ownerPlan(db, ownerId),
  ]);

  const perDay = new Map(costs.filter((r) => r.kind === 'day').map((r) => [r.day, r]));
  const daily = daysSoFar(calendar.month, calendar.today).map((date) => ({
    date,
    costBrl: perDay.get(date)?.costBrl ?? 0,
  }));
  const dayRows = [...perDay.values()];
  const monthToDate = dayRows.reduce((sum, r) => sum + r.costBrl, 0);
  const byAgent = costs
    .filter((r) => r.kind === 'agent')
    .map((r) => ({ agentId: r.agentId, name: r.name, costBrl: r.costBrl, calls: r.calls }))
    .sort((a, b) => b.costBrl - a.costBrl || b.calls - a.calls);

  return {
    month: calendar.month,
    timezone,
    plan: plan ? { id: plan.id, name: plan.name } : null,
    agents: { used: counts.agents, limit: plan?.agentLimit ?? null },
    messages: { used: counts.messages, limit: null },
    costBrl: {
      monthToDate,
      projected: (monthToDate / calendar.today) * calendar.daysInMonth,
    },
    tokens: {
      input: dayRows.reduce((sum, r) => sum + r.inputTokens, 0),
      output: dayRows.reduce((sum, r) => sum + r.outputTokens, 0),
    },
    daily,
    byAgent,
    prices: modelPrices(ctx.config),
    exchangeRate: ctx.config.USD_BRL_RATE,
  };
}
