import type { Agent, UpdateAgentInput } from '@common/schemas/agent';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { agentQueryKey, agentsQueryKey, dashboardQueryKey } from '@/lib/query-keys';

/** PUT /api/agents/{id}: a partial update (the editor sends its eight fields). */
export function updateAgent({ id, input }: { id: number; input: UpdateAgentInput }) {
  return apiRequest<Agent>(`/api/agents/${id}`, { method: 'PUT', body: input });
}

/**
 * Reads never go stale (client/lib/query-client.ts), so a save must refresh what shows the agent:
 * its own query, the list (name, description, model) and the dashboard's stats and checklist (the
 * active count and the 'agent active' step follow the status).
 */
export function useUpdateAgentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAgent,
    onSuccess: async (agent) => {
      queryClient.setQueryData(agentQueryKey(agent.id), agent);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: agentsQueryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: dashboardQueryKey }),
      ]);
    },
  });
}
