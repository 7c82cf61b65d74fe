import { AGENT_DEFAULTS, AGENT_STATUSES, type AgentStatus } from '@common/agent-options';
import type { Agent, UpdateAgentInput } from '@common/schemas/agent';

/** The seven fields the editor saves with PUT /api/agents/{id}. */
export interface EditorValues {
  name: string;
  description: string;
  systemPrompt: string;
  knowledgeBase: string;
  model: string;
  temperature: number;
  status: AgentStatus;
}

const STATUSES: readonly string[] = AGENT_STATUSES;

/** The form's starting values; a missing model, temperature or status falls back to the default. */
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
