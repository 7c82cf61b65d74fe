import type { Service } from '@common/schemas/appointments';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { servicesKey } from './appointments-keys';

/** GET /api/agents/{id}/services: the services the agent books. */
export function getServices(agentId: number): Promise<Service[]> {
  return apiRequest<Service[]>(`/api/agents/${agentId}/services`);
}

export function useServicesQuery(agentId: number | undefined) {
  return useQuery({
    queryKey: servicesKey(agentId ?? 0),
    queryFn: () => getServices(agentId!),
    enabled: agentId !== undefined,
  });
}
