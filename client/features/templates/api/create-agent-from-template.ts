import { TEMPLATE_AGENT_DEFAULTS } from '@common/agent-options';
import type { Agent, CreateAgentInput } from '@common/schemas/agent';
import type { AgentTemplate } from '@common/templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { agentsQueryKey, dashboardStatsQueryKey } from '@/lib/query-keys';

/** The agent a template makes: its texts plus TEMPLATE_AGENT_DEFAULTS. */
export function templateAgentPayload(template: AgentTemplate): CreateAgentInput {
  return {
    name: template.name,
    description: template.description,
    systemPrompt: template.systemPrompt,
    knowledgeBase: template.knowledgeBase,
    ...TEMPLATE_AGENT_DEFAULTS,
  };
}

/** POST /api/agents from a template ('Criar Agente com Este Template'). */
export function createAgentFromTemplate(template: AgentTemplate): Promise<Agent> {
  return apiRequest<Agent>('/api/agents', {
    method: 'POST',
    body: templateAgentPayload(template),
  });
}

/** After creating, the agent list and the dashboard stats refresh. */
export function useCreateAgentFromTemplateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAgentFromTemplate,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: agentsQueryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: dashboardStatsQueryKey }),
      ]);
    },
  });
}
