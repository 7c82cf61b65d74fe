import type { Agent } from '@common/schemas/agent';
import { templateAgentInput, type AgentTemplate } from '@common/templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { agentsQueryKey, dashboardQueryKey } from '@/lib/query-keys';

/** POST /api/agents from a template ('Criar Agente com Este Template'). */
export function createAgentFromTemplate(template: AgentTemplate): Promise<Agent> {
  return apiRequest<Agent>('/api/agents', {
    method: 'POST',
    body: templateAgentInput(template),
  });
}

/** After creating, the agent list and the dashboard home (stats, checklist) refresh. */
export function useCreateAgentFromTemplateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAgentFromTemplate,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: agentsQueryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: dashboardQueryKey }),
      ]);
    },
  });
}
