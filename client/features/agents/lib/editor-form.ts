import { AGENT_DEFAULTS, type AgentStatus } from '@common/agent-options';
import type { Agent, UpdateAgentInput } from '@common/schemas/agent';

/** The seven fields the editor saves (SPEC.md §7 PUT). */
export interface EditorValues {
  name: string;
  description: string;
  systemPrompt: string;
  knowledgeBase: string;
  model: string;
  temperature: number;
  status: AgentStatus;
}

const STATUSES: readonly string[] = ['draft', 'testing', 'active'];

/** The form's starting values, with the editor fallbacks of SPEC.md §9 for missing ones. */
export function editorValues(agent: Agent): EditorValues {
  return {
    name: agent.name,
    description: agent.description ?? '',
    systemPrompt: agent.systemPrompt,
    knowledgeBase: agent.knowledgeBase ?? '',
    model: agent.model || AGENT_DEFAULTS.model,
    temperature: agent.temperature ?? AGENT_DEFAULTS.temperature,
    status: STATUSES.includes(agent.status) ? (agent.status as AgentStatus) : AGENT_DEFAULTS.status,
  };
}

export function toUpdatePayload(values: EditorValues): UpdateAgentInput {
  return { ...values };
}
