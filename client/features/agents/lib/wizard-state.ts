import {
  WIZARD_CATEGORIES,
  WIZARD_DEFAULTS,
  WIZARD_LANGUAGES,
  WIZARD_STYLES,
  type AgentStatus,
  type WizardCategory,
} from '@common/agent-options';
import {
  AGENT_DESCRIPTION_MAX,
  createAgentSchema,
  type CreateAgentInput,
} from '@common/schemas/agent';
import { z } from 'zod';
import {
  buildWizardPrompt,
  type WizardLanguage,
  type WizardStyle,
} from '@/features/agents/lib/build-wizard-prompt';

export const WIZARD_STEPS = [
  'objective',
  'personality',
  'knowledge',
  'technical',
  'review',
] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export interface WizardData {
  name: string;
  description: string;
  category: WizardCategory | '';
  style: WizardStyle | '';
  language: WizardLanguage | '';
  knowledgeBase: string;
  customInstructions: string;
  model: string;
  temperature: number | null;
  maxTokens: number | null;
  status: AgentStatus;
  /** the owner picked a model: it no longer follows the default their provider names */
  modelChosen: boolean;
}

/** WIZARD_DEFAULTS (common/agent-options.ts); the category is the user's first choice. */
export function wizardDefaults(): WizardData {
  return {
    name: '',
    description: '',
    category: '',
    style: WIZARD_DEFAULTS.responseStyle,
    language: WIZARD_DEFAULTS.language,
    knowledgeBase: '',
    customInstructions: '',
    model: WIZARD_DEFAULTS.model,
    temperature: WIZARD_DEFAULTS.temperature,
    maxTokens: WIZARD_DEFAULTS.maxTokens,
    status: WIZARD_DEFAULTS.status,
    modelChosen: false,
  };
}

const fields = createAgentSchema.shape;

/**
 * What each step needs before Próximo moves on, from the creation schema where the API has the
 * field (the wizard also asks for a description and a category, which the API leaves optional).
 * Messages are keys of the `errors` catalogue.
 */
const STEP_SCHEMAS = {
  objective: z.object({
    name: fields.name,
    description: z
      .string()
      .trim()
      .min(1, 'validation.descriptionRequired')
      .max(AGENT_DESCRIPTION_MAX, 'validation.tooLong'),
    category: z.enum(WIZARD_CATEGORIES, 'validation.categoryRequired'),
  }),
  personality: z.object({
    style: z.enum(WIZARD_STYLES, 'validation.responseStyleInvalid'),
    language: z.enum(WIZARD_LANGUAGES, 'validation.languageInvalid'),
  }),
  knowledge: z.object({ knowledgeBase: fields.knowledgeBase }),
  technical: z.object({
    model: fields.model,
    temperature: fields.temperature,
    maxTokens: fields.maxTokens,
  }),
  review: z.object({}),
} satisfies Record<WizardStep, z.ZodType>;

export type WizardErrors = Partial<Record<keyof WizardData | 'systemPrompt', string>>;

function errorsOf(error: z.ZodError): WizardErrors {
  const errors: WizardErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as keyof WizardErrors | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The step's missing or invalid fields, each with its message; empty when Próximo may go on. */
export function stepErrors(stepIndex: number, data: WizardData): WizardErrors {
  const step = WIZARD_STEPS[stepIndex] ?? 'review';
  const result = STEP_SCHEMAS[step].safeParse(data);
  return result.success ? {} : errorsOf(result.error);
}

export function canProceed(stepIndex: number, data: WizardData): boolean {
  return Object.keys(stepErrors(stepIndex, data)).length === 0;
}

/** The step that shows a field with its message, so a refused creation can show it there. */
const STEP_OF: Partial<Record<keyof WizardErrors, WizardStep>> = {
  name: 'objective',
  description: 'objective',
  category: 'objective',
  style: 'personality',
  language: 'personality',
  knowledgeBase: 'knowledge',
  // the generated prompt grows with the special instructions
  systemPrompt: 'knowledge',
  model: 'technical',
};

/**
 * The whole payload checked with the API's schema before it is sent: the first step holding a
 * refused field (or null when it would pass), with the errors to show there.
 */
export function payloadErrors(data: WizardData): { step: number; errors: WizardErrors } | null {
  const result = createAgentSchema.safeParse(toWizardPayload(data));
  if (result.success) return null;
  return errorsAtStep(errorsOf(result.error));
}

/**
 * Field errors (from the schema or the server) placed on the first step that shows them; null
 * when no step shows any (the caller then says it otherwise: a toast).
 */
export function errorsAtStep(errors: WizardErrors): { step: number; errors: WizardErrors } | null {
  const shown = (Object.keys(errors) as (keyof WizardErrors)[]).filter((field) => STEP_OF[field]);
  if (shown.length === 0) return null;
  const steps = shown.map((field) => WIZARD_STEPS.indexOf(STEP_OF[field]!));
  return { step: Math.min(...steps), errors };
}

/** The generated prompt, or null while steps 1 and 2 are incomplete. */
export function wizardPrompt(data: WizardData): string | null {
  if (!data.category || !data.style || !data.language) return null;
  return buildWizardPrompt({
    name: data.name,
    description: data.description,
    category: data.category,
    style: data.style,
    language: data.language,
    knowledgeBase: data.knowledgeBase,
    customInstructions: data.customInstructions,
  });
}

/**
 * POST body: the generated prompt and the style as responseStyle; the category and the special
 * instructions travel only inside the prompt.
 */
export function toWizardPayload(data: WizardData): CreateAgentInput {
  return {
    name: data.name.trim(),
    description: data.description.trim(),
    systemPrompt: wizardPrompt(data) ?? '',
    knowledgeBase: data.knowledgeBase,
    model: data.model,
    temperature: data.temperature ?? WIZARD_DEFAULTS.temperature,
    maxTokens: data.maxTokens ?? WIZARD_DEFAULTS.maxTokens,
    topP: WIZARD_DEFAULTS.topP,
    status: data.status,
    responseStyle: data.style || WIZARD_DEFAULTS.responseStyle,
    language: data.language || WIZARD_DEFAULTS.language,
  };
}
