import type {
  EvolutionInstanceInput,
  EvolutionInstanceUpdateResponse,
} from '@common/schemas/whatsapp';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { evolutionInstancesQueryKey } from '@/features/evolution-instances/api/get-evolution-instances';
import { apiRequest } from '@/lib/api-client';
import { dashboardStatsQueryKey } from '@/lib/query-keys';

/** PUT /api/evolution-instances/{id} — an empty API key keeps the stored one. */
export function updateEvolutionInstance({
  id,
  input,
}: {
  id: number;
  input: EvolutionInstanceInput;
}): Promise<EvolutionInstanceUpdateResponse> {
  return apiRequest<EvolutionInstanceUpdateResponse>(`/api/evolution-instances/${id}`, {
    method: 'PUT',
    body: input,
  });
}

export function useUpdateEvolutionInstanceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEvolutionInstance,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: evolutionInstancesQueryKey }),
        queryClient.invalidateQueries({ queryKey: dashboardStatsQueryKey }),
      ]);
    },
  });
}
