import type { Availability, AvailabilityView } from '@common/schemas/appointments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { availabilityKey, businessHoursKey, slotsRootKey } from './appointments-keys';

/** PUT /api/agents/{id}/availability: the whole week replaced (hours that follow it too). */
export function useSaveAvailabilityMutation(agentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Availability) =>
      apiRequest<AvailabilityView>(`/api/agents/${agentId}/availability`, {
        method: 'PUT',
        body: input,
      }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(availabilityKey(agentId), saved);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: slotsRootKey }),
        queryClient.invalidateQueries({ queryKey: businessHoursKey(agentId) }),
      ]);
    },
  });
}
