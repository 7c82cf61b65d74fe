import type { Agent } from '@common/schemas/agent';
import type { TemplateDetails } from '@common/schemas/appointments';
import { templateAgentInput, type AgentTemplate } from '@common/templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveTemplateDetails } from '@/lib/agents/save-template-details';
import { apiRequest } from '@/lib/api-client';
import { agentsQueryKey, dashboardQueryKey } from '@/lib/query-keys';

/**
 * POST /api/agents from a template ('Criar Agente com Este Template'), then what its form gave
 * for the booking settings (the business's name, the week's hours as the starting schedule).
 */
export async function createAgentFromTemplate(input: {
  template: AgentTemplate;
  details: TemplateDetails;
}): Promise<Agent> {
  const agent = await apiRequest<Agent>('/api/agents', {
    method: 'POST',
    body: templateAgentInput(input.template),
  });
  await saveTemplateDetails(agent.id, input.details);
  return agent;
}

/** After creating (even when the details failed), the agent list and the dashboard refresh. */
export function useCreateAgentFromTemplateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAgentFromTemplate,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: agentsQueryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: dashboardQueryKey }),
      ]);
    },
  });
}
