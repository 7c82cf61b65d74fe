import type { AnalyticsChannel } from '@common/schemas/analytics';

/** The overview's filters: the owner's days (both counted), an agent, a channel. */
export interface OverviewFilters {
  from: string;
  to: string;
  agentId?: number | undefined;
  channel?: AnalyticsChannel | undefined;
}

/** Everything the reports read: a change of time zone in Settings refreshes it all. */
export const analyticsQueryKey = ['analytics'] as const;

export function overviewQueryKey(filters: OverviewFilters) {
  return [...analyticsQueryKey, 'overview', filters] as const;
}

export const usageQueryKey = [...analyticsQueryKey, 'usage'] as const;
