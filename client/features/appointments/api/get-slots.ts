import type { Slot } from '@common/schemas/appointments';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { slotsRootKey } from './appointments-keys';

export interface SlotsQuery {
  agentId: number;
  serviceId: number;
  from: string;
  to: string;
}

/** GET /api/agents/{id}/slots: the free starts of a service over days of the agent's zone. */
export function getSlots({ agentId, serviceId, from, to }: SlotsQuery): Promise<Slot[]> {
  const query = new URLSearchParams({ serviceId: String(serviceId), from, to });
  return apiRequest<Slot[]>(`/api/agents/${agentId}/slots?${query.toString()}`);
}

export function useSlotsQuery(query: SlotsQuery | null) {
  return useQuery({
    queryKey: [...slotsRootKey, 'owner', query],
    queryFn: () => getSlots(query!),
    enabled: query !== null,
  });
}
