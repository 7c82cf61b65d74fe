import type { UnansweredGroup } from '@common/schemas/analytics';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { unansweredListQueryKey } from './unanswered-keys';

/** GET /api/analytics/unanswered[?agentId=] — the open groups, newest asked first. */
export function getUnanswered(agentId: number | undefined): Promise<UnansweredGroup[]> {
  const query = agentId === undefined ? '' : `?agentId=${agentId}`;
  return apiRequest<UnansweredGroup[]>(`/api/analytics/unanswered${query}`);
}

export function useUnansweredQuery(agentId: number | undefined) {
  return useQuery({
    queryKey: unansweredListQueryKey(agentId),
    queryFn: () => getUnanswered(agentId),
  });
}
