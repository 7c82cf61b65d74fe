import { DEFAULT_MODEL } from './models';

/**
 * Option lists, defaults and ranges of an agent's fields. Labels live in the locale catalogues;
 * the models are the one catalogue of models.ts.
 */
export const TOOL_IDS = [
  'web_search',
  'image_analysis',
  'file_upload',
  'calculator',
  'code_interpreter',
] as const;
export type ToolId = (typeof TOOL_IDS)[number];

export const GOOGLE_SERVICES = ['calendar', 'drive', 'sheets', 'docs'] as const;
export type GoogleService = (typeof GOOGLE_SERVICES)[number];

export const AGENT_STATUSES = ['draft', 'testing', 'active'] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];

/** Dialog styles (professional, casual, technical, creative, friendly) ∪ wizard styles. */
export const RESPONSE_STYLES = [
  'professional',
  'casual',
  'technical',
  'creative',
  'friendly',
  'expert',
  'enthusiastic',
] as const;
export const DIALOG_RESPONSE_STYLES = [
  'professional',
  'casual',
  'technical',
  'creative',
  'friendly',
] as const;
export const WIZARD_STYLES = [
  'professional',
  'friendly',
  'expert',
  'casual',
  'enthusiastic',
] as const;
export type ResponseStyle = (typeof RESPONSE_STYLES)[number];

export const LANGUAGES = ['pt', 'en', 'es', 'fr', 'de', 'it'] as const;
export const WIZARD_LANGUAGES = ['pt', 'en', 'es', 'fr'] as const;
export type AgentLanguage = (typeof LANGUAGES)[number];

export const WIZARD_CATEGORIES = [
  'customer-service',
  'sales',
  'support',
  'education',
  'healthcare',
  'legal',
  'finance',
  'general',
] as const;
export type WizardCategory = (typeof WIZARD_CATEGORIES)[number];

export const WIZARD_TEMPERATURES = [0.3, 0.7, 1.0] as const;
export const WIZARD_RESPONSE_SIZES = [1024, 2048, 4096] as const;

export const EXTERNAL_API_AUTH_TYPES = ['bearer', 'api_key', 'basic', 'oauth'] as const;
export type ExternalApiAuthType = (typeof EXTERNAL_API_AUTH_TYPES)[number];

export const MAX_TOKENS_LIMIT = 8192;
/** The model's temperature range, for an agent and for the user's default alike. */
export const TEMPERATURE_MIN = 0;
export const TEMPERATURE_MAX = 2;

export const AGENT_DEFAULTS = {
  model: DEFAULT_MODEL,
  temperature: 0.7,
  maxTokens: 2048,
  topP: 1,
  status: 'draft',
  responseStyle: 'professional',
  language: 'pt',
} as const;

/** The wizard and the templates start from the same defaults (one default model). */
export const WIZARD_DEFAULTS = AGENT_DEFAULTS;
export const TEMPLATE_AGENT_DEFAULTS = AGENT_DEFAULTS;
