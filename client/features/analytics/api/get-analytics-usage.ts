import type { AnalyticsUsage } from '@common/schemas/analytics';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { usageQueryKey } from './analytics-keys';

/** GET /api/analytics/usage: this month's plan usage and cost. */
export function useAnalyticsUsageQuery() {
  return useQuery({
    queryKey: usageQueryKey,
    queryFn: () => apiRequest<AnalyticsUsage>('/api/analytics/usage'),
  });
}
