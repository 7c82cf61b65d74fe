import type { DashboardStats } from '@common/schemas/agent';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dashboardStatsQueryKey } from '@/lib/query-keys';

/** GET /api/dashboard/stats: real counts for the signed-in owner. */
export function getDashboardStats(): Promise<DashboardStats> {
  return apiRequest<DashboardStats>('/api/dashboard/stats');
}

export function useDashboardStatsQuery() {
  return useQuery({ queryKey: dashboardStatsQueryKey, queryFn: getDashboardStats });
}
