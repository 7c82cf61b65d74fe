import { AGENT_DEFAULTS } from '@common/agent-options';
import {
  createAgentSchema,
  EXTERNAL_APIS_MAX,
  externalApiEntrySchema,
  type CreateAgentInput,
} from '@common/schemas/agent';
import type { AgentTemplate } from '@common/templates';
import { z } from 'zod';

/**
 * The quick creation form: the shared creation schema, with the external APIs edited as a list
 * of entries and sent as the JSON text the API expects.
 */
export const quickCreateSchema = createAgentSchema
  .omit({ externalApis: true, capabilities: true, ragDocuments: true })
  .extend({
    externalApiEntries: z
      .array(externalApiEntrySchema)
      .max(EXTERNAL_APIS_MAX, 'validation.tooMany'),
  });

export type QuickCreateInput = z.input<typeof quickCreateSchema>;
export type QuickCreateValues = z.output<typeof quickCreateSchema>;

export const QUICK_TABS = ['templates', 'basic', 'tools', 'knowledge', 'integrations'] as const;
export type QuickTab = (typeof QUICK_TABS)[number];

export function quickCreateDefaults(template?: AgentTemplate): QuickCreateInput {
  return {
    name: template?.name ?? '',
    description: template?.description ?? '',
    systemPrompt: template?.systemPrompt ?? '',
    knowledgeBase: template?.knowledgeBase ?? '',
    model: AGENT_DEFAULTS.model,
    temperature: AGENT_DEFAULTS.temperature,
    maxTokens: AGENT_DEFAULTS.maxTokens,
    topP: AGENT_DEFAULTS.topP,
    status: AGENT_DEFAULTS.status,
    responseStyle: AGENT_DEFAULTS.responseStyle,
    language: template?.language === 'en' ? 'en' : AGENT_DEFAULTS.language,
    tools: [],
    googleServices: [],
    externalApiEntries: [],
  };
}

export function toCreatePayload(values: QuickCreateValues): CreateAgentInput {
  const { externalApiEntries, ...fields } = values;
  return {
    ...fields,
    externalApis: externalApiEntries.length > 0 ? JSON.stringify(externalApiEntries) : undefined,
  };
}

/** The server reports entry errors as 'externalApis.1.url'; the form calls that list otherwise. */
export function formFieldOf(serverPath: string): string {
  return serverPath.replace(/^externalApis(?=\.|$)/, 'externalApiEntries');
}

/** The tab that holds a field, so a failed submit can show the first field in error. */
export function tabOf(field: string): QuickTab {
  if (field.startsWith('externalApiEntries') || field.startsWith('googleServices')) {
    return 'integrations';
  }
  if (field.startsWith('tools')) return 'tools';
  return 'basic';
}
