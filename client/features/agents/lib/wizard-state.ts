import { WIZARD_DEFAULTS, type AgentStatus, type WizardCategory } from '@common/agent-options';
import type { CreateAgentInput } from '@common/schemas/agent';
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
  };
}

/** What each step needs before Próximo is enabled (index 0 is step 1). */
export function canProceed(stepIndex: number, data: WizardData): boolean {
  switch (WIZARD_STEPS[stepIndex]) {
    case 'objective':
      return Boolean(data.name.trim() && data.description.trim() && data.category);
    case 'personality':
      return Boolean(data.style && data.language);
    case 'technical':
      return Boolean(data.model && data.temperature !== null && data.maxTokens !== null);
    default:
      return true;
  }
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
