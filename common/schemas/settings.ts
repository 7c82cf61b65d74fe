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

/** Whether the runtime knows an IANA zone; offsets ('+03:00') and empty names are not zones. */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z]/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The owner's preferences: the time zone their reports count days in. */
export const preferencesSchema = z.object({
  timezone: z
    .string('settings.timezoneInvalid')
    .trim()
    .max(64, 'settings.timezoneInvalid')
    .refine(isTimeZone, 'settings.timezoneInvalid')
    // Its canonical spelling: 'america/sao_paulo' and 'Brazil/East' are America/Sao_Paulo.
    .transform(
      (zone) => new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone,
    ),
});
export type PreferencesInput = z.input<typeof preferencesSchema>;

/** GET and PUT /api/settings/preferences */
export interface Preferences {
  /** IANA, e.g. America/Sao_Paulo (the operator's default until the owner picks one) */
  timezone: string;
}

/** Brazil's zones, offered first by the time-zone picker. */
export const BRAZIL_TIME_ZONES = [
  'America/Sao_Paulo',
  'America/Manaus',
  'America/Belem',
  'America/Fortaleza',
  'America/Recife',
  'America/Bahia',
  'America/Cuiaba',
  'America/Campo_Grande',
  'America/Porto_Velho',
  'America/Boa_Vista',
  'America/Rio_Branco',
  'America/Noronha',
  'America/Araguaina',
  'America/Maceio',
  'America/Santarem',
] as const;
