import { z } from 'zod';
import { TEMPERATURE_MAX, TEMPERATURE_MIN } from '../agent-options';
import { DEFAULT_MODEL, modelIdSchema } from '../models';

/**
 * Settings forms. These screens were specified in English, so their messages are the same English
 * texts in both catalogues.
 */

export const profileSchema = z.object({
  name: z
    .string('settings.nameRequired')
    .trim()
    .min(1, 'settings.nameRequired')
    .max(120, 'validation.nameMax'),
  email: z
    .string('settings.emailInvalid')
    .trim()
    .toLowerCase()
    .pipe(z.email('settings.emailInvalid')),
});
export type ProfileInput = z.infer<typeof profileSchema>;

const passwordFields = {
  currentPassword: z
    .string('settings.currentPasswordRequired')
    .min(1, 'settings.currentPasswordRequired'),
  newPassword: z
    .string('settings.passwordMin')
    .min(6, 'settings.passwordMin')
    .max(256, 'validation.passwordMax'),
  confirmPassword: z.string('settings.passwordsMismatch'),
};

export const passwordChangeSchema = z
  .object(passwordFields)
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'settings.passwordsMismatch',
    path: ['confirmPassword'],
  });
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

/**
 * The user's own OpenAI-compatible provider. An empty apiKey keeps the saved one; `clearKey`
 * removes it (back to the operator's provider or the offline one).
 */
export const providerSettingsSchema = z.object({
  apiKey: z.string().trim().max(500, 'validation.tooLong').optional(),
  clearKey: z.boolean().optional(),
  baseUrl: z
    .string()
    .trim()
    .max(500, 'validation.tooLong')
    .transform((v) => (v === '' ? null : v))
    .pipe(z.url({ protocol: /^https?$/, error: 'settings.baseUrlInvalid' }).nullable())
    .nullish(),
  // Any model the owner's provider serves (GET /api/settings/models lists them).
  defaultModel: modelIdSchema.default(DEFAULT_MODEL),
  temperature: z
    .number('validation.temperatureRange')
    .min(TEMPERATURE_MIN, 'validation.temperatureRange')
    .max(TEMPERATURE_MAX, 'validation.temperatureRange')
    .default(0.7),
});
export type ProviderSettingsInput = z.input<typeof providerSettingsSchema>;

/** POST /api/settings/provider/test: a key typed but not yet saved may be tried. */
export const providerTestSchema = z.object({
  apiKey: z.string().trim().max(500, 'validation.tooLong').optional(),
  baseUrl: providerSettingsSchema.shape.baseUrl,
});

export interface ProviderSettingsView {
  /** where replies come from right now */
  active: 'user' | 'environment' | 'offline';
  hasKey: boolean;
  /** e.g. "sk-a••••wxyz"; never the key */
  maskedKey: string | null;
  baseUrl: string | null;
  defaultModel: string;
  temperature: number;
  /** whether retrieval uses embeddings (pgvector) or full-text only */
  retrieval: 'hybrid' | 'lexical';
}
