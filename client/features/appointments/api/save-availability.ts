import type { Availability } from '@common/schemas/appointments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { availabilityKey, slotsRootKey } from './appointments-keys';

/** PUT /api/agents/{id}/availability: the whole week replaced. */
export function useSaveAvailabilityMutation(agentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Availability) =>
      apiRequest<Availability>(`/api/agents/${agentId}/availability`, {
        method: 'PUT',
        body: input,
      }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(availabilityKey(agentId), saved);
      await queryClient.invalidateQueries({ queryKey: slotsRootKey });
    },
  });
}
