import { z } from 'zod';
import {
  AGENT_DEFAULTS,
  AGENT_STATUSES,
  EXTERNAL_API_AUTH_TYPES,
  GOOGLE_SERVICES,
  LANGUAGES,
  MAX_TOKENS_LIMIT,
  RESPONSE_STYLES,
  TEMPERATURE_MAX,
  TEMPERATURE_MIN,
  TOOL_IDS,
} from '../agent-options';
import { modelIdSchema } from '../models';

/** Limits the client's inputs stop at while typing; the schemas below enforce the same ones. */
export const AGENT_NAME_MAX = 100;
export const AGENT_DESCRIPTION_MAX = 1000;
export const EXTERNAL_APIS_MAX = 20;
export const KNOWLEDGE_BASE_MAX = 200_000;
/**
 * What a customer reads when the agent hands the conversation over to a person; the
 * agent's `handoffMessage`, or this default (null) in the agent's language.
 */
export const HANDOFF_MESSAGE_MAX = 500;
export const DEFAULT_HANDOFF_MESSAGES: Record<string, string> = {
  pt: 'Vou chamar alguém da equipe para continuar o atendimento. Aguarde um instante, por favor.',
  en: "I'll ask someone from our team to take over. Please wait a moment.",
  es: 'Voy a llamar a alguien del equipo para continuar la atención. Espera un momento, por favor.',
};

/** The message a customer gets when the agent hands over: the owner's, else the default. */
export function handoffMessageOf(agent: { handoffMessage: string | null; language: string }) {
  return (
    agent.handoffMessage ?? DEFAULT_HANDOFF_MESSAGES[agent.language] ?? DEFAULT_HANDOFF_MESSAGES.pt!
  );
}

/** Messages are keys of the `errors` catalogue (see schemas/auth.ts). */
export const externalApiEntrySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'validation.externalApiNameRequired')
    .max(100, 'validation.tooLong'),
  url: z
    .string()
    .trim()
    .pipe(z.url({ protocol: /^https?$/, error: 'validation.externalApiUrlInvalid' })),
  authType: z.enum(EXTERNAL_API_AUTH_TYPES, 'validation.externalApiAuthTypeInvalid'),
});
export type ExternalApiEntry = z.infer<typeof externalApiEntrySchema>;

/**
 * `externalApis` travels as a string holding a JSON list. It is parsed, each entry
 * validated, and stored normalised; an empty string or list means none.
 */
const externalApisField = z
  .string('validation.externalApisInvalid')
  .max(20_000, 'validation.tooLong')
  .transform((text, ctx) => {
    if (text.trim() === '') return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'validation.externalApisInvalid' });
      return z.NEVER;
    }
    const result = z
      .array(externalApiEntrySchema)
      .max(EXTERNAL_APIS_MAX, 'validation.tooMany')
      .safeParse(parsed);
    if (!result.success) {
      for (const issue of result.error.issues) {
        ctx.addIssue({
          code: 'custom',
          message: issue.message.startsWith('validation.')
            ? issue.message
            : 'validation.externalApisInvalid',
          path: issue.path,
        });
      }
      return z.NEVER;
    }
    return result.data.length === 0 ? null : JSON.stringify(result.data);
  });

const optionalText = (max: number) =>
  z
    .string()
    .max(max, 'validation.tooLong')
    .transform((v) => (v.trim() === '' ? null : v))
    .nullish();

const agentFields = {
  name: z
    .string('validation.agentNameRequired')
    .trim()
    .min(1, 'validation.agentNameRequired')
    .max(AGENT_NAME_MAX, 'validation.agentNameMax'),
  description: optionalText(AGENT_DESCRIPTION_MAX),
  systemPrompt: z
    .string('validation.systemPromptRequired')
    .trim()
    .min(1, 'validation.systemPromptRequired')
    .max(20_000, 'validation.tooLong'),
  knowledgeBase: optionalText(KNOWLEDGE_BASE_MAX),
  ragDocuments: optionalText(200_000),
  model: modelIdSchema,
  temperature: z
    .number('validation.temperatureRange')
    .min(TEMPERATURE_MIN, 'validation.temperatureRange')
    .max(TEMPERATURE_MAX, 'validation.temperatureRange'),
  maxTokens: z
    .number('validation.maxTokensRange')
    .int('validation.maxTokensRange')
    .min(1, 'validation.maxTokensRange')
    .max(MAX_TOKENS_LIMIT, 'validation.maxTokensRange'),
  topP: z
    .number('validation.topPRange')
    .min(0, 'validation.topPRange')
    .max(1, 'validation.topPRange'),
  status: z.enum(AGENT_STATUSES, 'validation.statusInvalid'),
  responseStyle: z.enum(RESPONSE_STYLES, 'validation.responseStyleInvalid'),
  language: z.enum(LANGUAGES, 'validation.languageInvalid'),
  tools: z.array(z.enum(TOOL_IDS, 'validation.toolInvalid')).max(TOOL_IDS.length),
  googleServices: z
    .array(z.enum(GOOGLE_SERVICES, 'validation.googleServiceInvalid'))
    .max(GOOGLE_SERVICES.length),
  capabilities: z.array(z.string().trim().min(1).max(100)).max(50),
  externalApis: externalApisField.nullish(),
  /** empty (or only spaces) → null: the default message */
  handoffMessage: z
    .string('validation.handoffMessageInvalid')
    .max(HANDOFF_MESSAGE_MAX, 'validation.handoffMessageTooLong')
    .transform((v) => (v.trim() === '' ? null : v.trim()))
    .nullish(),
};

const unique = <T>(list: T[]) => [...new Set(list)];

/** POST /api/agents: name and systemPrompt required; everything else defaulted. */
export const createAgentSchema = z.object({
  name: agentFields.name,
  systemPrompt: agentFields.systemPrompt,
  description: agentFields.description,
  knowledgeBase: agentFields.knowledgeBase,
  ragDocuments: agentFields.ragDocuments,
  model: agentFields.model.default(AGENT_DEFAULTS.model),
  temperature: agentFields.temperature.default(AGENT_DEFAULTS.temperature),
  maxTokens: agentFields.maxTokens.default(AGENT_DEFAULTS.maxTokens),
  topP: agentFields.topP.default(AGENT_DEFAULTS.topP),
  status: agentFields.status.default(AGENT_DEFAULTS.status),
  responseStyle: agentFields.responseStyle.default(AGENT_DEFAULTS.responseStyle),
  language: agentFields.language.default(AGENT_DEFAULTS.language),
  tools: agentFields.tools.default([]).transform(unique),
  googleServices: agentFields.googleServices.default([]).transform(unique),
  capabilities: agentFields.capabilities.default([]),
  externalApis: agentFields.externalApis,
  handoffMessage: agentFields.handoffMessage,
});
export type CreateAgentInput = z.input<typeof createAgentSchema>;
export type CreateAgentData = z.output<typeof createAgentSchema>;

/** PUT /api/agents/{id}: any subset of the fields; the ones sent are validated like creation. */
export const updateAgentSchema = z.object({
  name: agentFields.name.optional(),
  systemPrompt: agentFields.systemPrompt.optional(),
  description: agentFields.description,
  knowledgeBase: agentFields.knowledgeBase,
  ragDocuments: agentFields.ragDocuments,
  model: agentFields.model.optional(),
  temperature: agentFields.temperature.optional(),
  maxTokens: agentFields.maxTokens.optional(),
  topP: agentFields.topP.optional(),
  status: agentFields.status.optional(),
  responseStyle: agentFields.responseStyle.optional(),
  language: agentFields.language.optional(),
  tools: agentFields.tools.transform(unique).optional(),
  googleServices: agentFields.googleServices.transform(unique).optional(),
  capabilities: agentFields.capabilities.optional(),
  externalApis: agentFields.externalApis,
  handoffMessage: agentFields.handoffMessage,
});
export type UpdateAgentInput = z.input<typeof updateAgentSchema>;
export type UpdateAgentData = z.output<typeof updateAgentSchema>;

/** An agent as the API returns it. */
export interface Agent {
  id: number;
  ownerId: number;
  name: string;
  description: string | null;
  systemPrompt: string;
  model: string;
  temperature: number;
  maxTokens: number;
  topP: number;
  status: string;
  capabilities: string[];
  tools: string[];
  knowledgeBase: string | null;
  ragDocuments: string | null;
  googleServices: string[];
  externalApis: string | null;
  /** what a customer reads when the agent hands over; null: the default in its language */
  handoffMessage: string | null;
  responseStyle: string;
  language: string;
  createdAt: string;
  updatedAt: string;
}

// The go-live checklist's steps and shape live apart from the schemas (no zod): the dashboard home
// reads them in its first load.
export { GO_LIVE_STEPS, type GoLiveChecklist, type GoLiveStep } from '../go-live';

/**
 * POST /api/dashboard/checklist/celebrated: no body (an empty object at most). 409
 * CHECKLIST_INCOMPLETE while a step is left; repeated, it keeps the first time.
 */
export const checklistCelebratedSchema = z.strictObject({}, 'dashboard.celebratedNoBody');

export interface ChecklistCelebrated {
  celebratedAt: string;
}

export interface DashboardStats {
  totalAgents: number;
  activeAgents: number;
  integrations: number;
  conversations: number;
}

/** PATCH /api/agents/{id}/documents/{documentId}: the title customers see; empty clears it. */
export const documentTitleSchema = z.object({
  publicTitle: z
    .string('documents.titleInvalid')
    .trim()
    .max(120, 'validation.tooLong')
    .nullable()
    .transform((value) => (value ? value : null)),
});
