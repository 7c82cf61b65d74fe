import type { EvolutionInstanceInput, EvolutionInstanceView } from '@common/schemas/whatsapp';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { evolutionInstancesQueryKey } from '@/features/evolution-instances/api/get-evolution-instances';
import { apiRequest } from '@/lib/api-client';
import { dashboardStatsQueryKey } from '@/lib/query-keys';

/** POST /api/evolution-instances */
export function createEvolutionInstance(
  input: EvolutionInstanceInput,
): Promise<EvolutionInstanceView> {
  return apiRequest<EvolutionInstanceView>('/api/evolution-instances', {
    method: 'POST',
    body: input,
  });
}

/** After creating, the instance list and the dashboard stats are refreshed. */
export function useCreateEvolutionInstanceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEvolutionInstance,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: evolutionInstancesQueryKey }),
        queryClient.invalidateQueries({ queryKey: dashboardStatsQueryKey }),
      ]);
    },
  });
}
