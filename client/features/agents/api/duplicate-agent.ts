import type { Agent } from '@common/schemas/agent';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { duplicatePayload } from '@/features/agents/lib/duplicate-payload';
import { apiRequest } from '@/lib/api-client';
import { agentsQueryKey, dashboardStatsQueryKey } from '@/lib/query-keys';

/** POST /api/agents with a copy of the agent: name suffixed '(Cópia)', always draft. */
export function duplicateAgent(agent: Agent): Promise<Agent> {
  return apiRequest<Agent>('/api/agents', { method: 'POST', body: duplicatePayload(agent) });
}

export function useDuplicateAgentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateAgent,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: agentsQueryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: dashboardStatsQueryKey }),
      ]);
    },
  });
}
