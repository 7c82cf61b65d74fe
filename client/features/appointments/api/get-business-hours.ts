import type { BusinessHours } from '@common/schemas/appointments';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { businessHoursKey } from './appointments-keys';

/** GET /api/agents/{id}/business-hours */
export function useBusinessHoursQuery(agentId: number) {
  return useQuery({
    queryKey: businessHoursKey(agentId),
    queryFn: () => apiRequest<BusinessHours>(`/api/agents/${agentId}/business-hours`),
  });
}
