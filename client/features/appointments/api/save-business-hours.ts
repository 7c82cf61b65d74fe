import type { BusinessHours, BusinessHoursInput } from '@common/schemas/appointments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { businessHoursKey } from './appointments-keys';

/**
 * PUT /api/agents/{id}/business-hours: following the availability or the own week, holidays and
 * the out-of-hours choice.
 */
export function useSaveBusinessHoursMutation(agentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BusinessHoursInput) =>
      apiRequest<BusinessHours>(`/api/agents/${agentId}/business-hours`, {
        method: 'PUT',
        body: input,
      }),
    onSuccess: (saved) => queryClient.setQueryData(businessHoursKey(agentId), saved),
  });
}
