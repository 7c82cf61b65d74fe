import { useMutation, useQueryClient } from '@tanstack/react-query';
import { evolutionInstancesQueryKey } from '@/features/evolution-instances/api/get-evolution-instances';
import { apiRequest } from '@/lib/api-client';
import { dashboardStatsQueryKey } from '@/lib/query-keys';

/** DELETE /api/evolution-instances/{id}; then the list is refetched. */
export function deleteEvolutionInstance(id: number): Promise<void> {
  return apiRequest<void>(`/api/evolution-instances/${id}`, { method: 'DELETE' });
}

export function useDeleteEvolutionInstanceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEvolutionInstance,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: evolutionInstancesQueryKey }),
        queryClient.invalidateQueries({ queryKey: dashboardStatsQueryKey }),
      ]);
    },
  });
}
