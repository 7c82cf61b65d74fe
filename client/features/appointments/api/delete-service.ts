import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { servicesKey, slotsRootKey } from './appointments-keys';

/** DELETE /api/agents/{id}/services/{serviceId} */
export function deleteService(agentId: number, serviceId: number) {
  return apiRequest<void>(`/api/agents/${agentId}/services/${serviceId}`, { method: 'DELETE' });
}

export function useDeleteServiceMutation(agentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (serviceId: number) => deleteService(agentId, serviceId),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: servicesKey(agentId) }),
        queryClient.invalidateQueries({ queryKey: slotsRootKey }),
      ]);
    },
  });
}
