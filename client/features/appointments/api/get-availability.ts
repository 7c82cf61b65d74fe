import type { AvailabilityView } from '@common/schemas/appointments';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { availabilityKey } from './appointments-keys';

/** GET /api/agents/{id}/availability: when the agent books, and how many at once. */
export function useAvailabilityQuery(agentId: number) {
  return useQuery({
    queryKey: availabilityKey(agentId),
    queryFn: () => apiRequest<AvailabilityView>(`/api/agents/${agentId}/availability`),
  });
}
