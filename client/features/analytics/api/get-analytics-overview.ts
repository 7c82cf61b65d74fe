import type { AnalyticsOverview } from '@common/schemas/analytics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { overviewQueryKey, type OverviewFilters } from './analytics-keys';

/** GET /api/analytics/overview?from=&to=[&agentId=][&channel=] */
export function getAnalyticsOverview(filters: OverviewFilters): Promise<AnalyticsOverview> {
  const params = new URLSearchParams({ from: filters.from, to: filters.to });
  if (filters.agentId !== undefined) params.set('agentId', String(filters.agentId));
  if (filters.channel) params.set('channel', filters.channel);
  return apiRequest<AnalyticsOverview>(`/api/analytics/overview?${params.toString()}`);
}

/** The overview of a period; the last one stays on screen while the next loads. */
export function useAnalyticsOverviewQuery(filters: OverviewFilters | null) {
  return useQuery({
    queryKey: overviewQueryKey(filters ?? { from: '', to: '' }),
    queryFn: () => getAnalyticsOverview(filters!),
    enabled: filters !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
