import { AGENT_DEFAULTS, AGENT_STATUSES, type AgentStatus } from '@common/agent-options';
import {
  AGENT_DESCRIPTION_MAX,
  createAgentSchema,
  HANDOFF_MESSAGE_MAX,
  KNOWLEDGE_BASE_MAX,
  type Agent,
  type UpdateAgentInput,
} from '@common/schemas/agent';
import { z } from 'zod';

/** The eight fields the editor saves with PUT /api/agents/{id}. */
export interface EditorValues {
  name: string;
  description: string;
  systemPrompt: string;
  knowledgeBase: string;
  model: string;
  temperature: number;
  status: AgentStatus;
  /** what a customer reads when the agent calls a person; empty: the default */
  handoffMessage: string;
}

const STATUSES: readonly string[] = AGENT_STATUSES;

/** The API's own rules for the eight fields: all required here, as the editor sends them all. */
export const editorSchema = z.object({
  name: createAgentSchema.shape.name,
  // the API's limits for its optional texts; the editor always holds a string
  description: z.string().max(AGENT_DESCRIPTION_MAX, 'validation.tooLong'),
  systemPrompt: createAgentSchema.shape.systemPrompt,
  knowledgeBase: z.string().max(KNOWLEDGE_BASE_MAX, 'validation.tooLong'),
  model: createAgentSchema.shape.model.unwrap(),
  temperature: createAgentSchema.shape.temperature.unwrap(),
  status: createAgentSchema.shape.status.unwrap(),
  handoffMessage: z.string().max(HANDOFF_MESSAGE_MAX, 'validation.handoffMessageTooLong'),
});

/** The editor's tabs, and which holds a field, so a refused save shows its field. */
export const EDITOR_TABS = ['basic', 'knowledge', 'whatsapp', 'appointments'] as const;
export type EditorTab = (typeof EDITOR_TABS)[number];

/** The tab a link opens (`?tab=knowledge`, from the go-live checklist); 'basic' otherwise. */
export function editorTabFromSearch(search: string): EditorTab {
  const wanted = new URLSearchParams(search).get('tab');
  return EDITOR_TABS.find((tab) => tab === wanted) ?? 'basic';
}
export function editorTabOf(field: string): EditorTab {
  return field === 'knowledgeBase' ? 'knowledge' : 'basic';
}

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
    handoffMessage: agent.handoffMessage ?? '',
  };
}

export function toUpdatePayload(values: EditorValues): UpdateAgentInput {
  return { ...values };
}
