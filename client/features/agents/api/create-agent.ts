import type { Agent, CreateAgentInput } from '@common/schemas/agent';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { agentsQueryKey, dashboardQueryKey } from '@/lib/query-keys';

/** POST /api/agents; the server gives omitted fields AGENT_DEFAULTS (common/agent-options.ts). */
export function createAgent(input: CreateAgentInput): Promise<Agent> {
  return apiRequest<Agent>('/api/agents', { method: 'POST', body: input });
}

/** After creating, the agent list and the dashboard home (stats, checklist) refresh. */
export function useCreateAgentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAgent,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: agentsQueryKey }),
        queryClient.invalidateQueries({ queryKey: dashboardQueryKey }),
      ]);
    },
  });
}
