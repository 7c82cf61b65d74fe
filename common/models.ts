import { z } from 'zod';

/**
 * The one model catalogue: the chat models every model picker offers (creation dialog, wizard,
 * editor, Settings) when the owner has no provider of their own, and the one default. Every
 * entry takes a temperature through the Chat Completions API (the reasoning models refuse one, so
 * they are left out). Each `key` names its plain-language description in the `ui` catalogue,
 * `models.<key>` (ids hold dots, which i18next reads as nesting).
 */
export const MODEL_CATALOGUE = [
  { id: 'gpt-4o-mini', key: 'gpt4oMini' },
  { id: 'gpt-4.1-mini', key: 'gpt41Mini' },
  { id: 'gpt-4.1', key: 'gpt41' },
  { id: 'gpt-4o', key: 'gpt4o' },
  { id: 'gpt-4.1-nano', key: 'gpt41Nano' },
] as const;

export type CatalogueModelId = (typeof MODEL_CATALOGUE)[number]['id'];
export type CatalogueModelKey = (typeof MODEL_CATALOGUE)[number]['key'];

/** Fast and cheap, good at the everyday questions of a small business. */
export const DEFAULT_MODEL: CatalogueModelId = 'gpt-4o-mini';

export function catalogueEntry(id: string): (typeof MODEL_CATALOGUE)[number] | undefined {
  return MODEL_CATALOGUE.find((model) => model.id === id);
}

/** A model id as forms and the API accept it: any id the owner's provider may serve. */
export const modelIdSchema = z
  .string('validation.modelRequired')
  .trim()
  .min(1, 'validation.modelRequired')
  .max(100, 'validation.tooLong');

/**
 * GET /api/settings/models: what the model pickers offer. `source` says where the list came
 * from: the owner's own provider, or the catalogue (no own provider, or `providerFailed` when
 * the provider could not be asked, so the pickers still work and say why the list is the usual).
 */
export interface ModelOptions {
  source: 'provider' | 'catalogue';
  models: string[];
  /** the model new agents start with: the owner's Settings default when offered, else DEFAULT_MODEL */
  defaultModel: string;
  note: 'providerFailed' | null;
}
