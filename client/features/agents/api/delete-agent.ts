import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { agentQueryKey, agentsQueryKey, dashboardStatsQueryKey } from '@/lib/query-keys';

/** DELETE /api/agents/{id} (204). */
export function deleteAgent(id: number): Promise<void> {
  return apiRequest<void>(`/api/agents/${id}`, { method: 'DELETE' });
}

/** After deleting, the agent list and the dashboard stats refresh. */
export function useDeleteAgentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAgent,
    onSuccess: async (_result, id) => {
      queryClient.removeQueries({ queryKey: agentQueryKey(id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: agentsQueryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: dashboardStatsQueryKey }),
      ]);
    },
  });
}
