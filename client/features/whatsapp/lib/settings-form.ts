import {
  whatsappSettingsSchema,
  type VoiceReplyMode,
  type WhatsappSettings,
} from '@common/schemas/whatsapp';

/** The behaviour form as the owner types it: keywords comma separated, debounce in seconds. */
export interface SettingsFormValues {
  takeoverMinutes: string;
  pauseKeywords: string;
  resumeKeywords: string;
  debounceSeconds: string;
  allowGroups: boolean;
  voiceReply: VoiceReplyMode;
  unsupportedMessage: string;
}

export type SettingsFormErrors = Partial<Record<keyof SettingsFormValues, string>>;

export function toFormValues(settings: WhatsappSettings): SettingsFormValues {
  return {
    takeoverMinutes: String(settings.takeoverMinutes),
    pauseKeywords: settings.pauseKeywords.join(', '),
    resumeKeywords: settings.resumeKeywords.join(', '),
    debounceSeconds: String(settings.debounceMs / 1000).replace('.', ','),
    allowGroups: settings.allowGroups,
    voiceReply: settings.voiceReply,
    unsupportedMessage: settings.unsupportedMessage ?? '',
  };
}

function keywords(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((word) => word.trim())
    .filter(Boolean);
}

function number(text: string): number {
  const cleaned = text.trim().replace(',', '.');
  return cleaned === '' ? Number.NaN : Number(cleaned);
}

type SettingsFormError = 'takeoverMinutes' | 'debounceSeconds' | 'keywords' | 'unsupportedMessage';

/** Where the form shows a problem the shared schema finds in a setting, and which message. */
const PROBLEMS: Partial<
  Record<keyof WhatsappSettings, { field: keyof SettingsFormValues; error: SettingsFormError }>
> = {
  takeoverMinutes: { field: 'takeoverMinutes', error: 'takeoverMinutes' },
  debounceMs: { field: 'debounceSeconds', error: 'debounceSeconds' },
  pauseKeywords: { field: 'pauseKeywords', error: 'keywords' },
  resumeKeywords: { field: 'resumeKeywords', error: 'keywords' },
  unsupportedMessage: { field: 'unsupportedMessage', error: 'unsupportedMessage' },
};

/**
 * Builds the payload and checks it with the server's own schema (common/schemas/whatsapp.ts), so
 * the form refuses exactly what the server would. The error values are keys of the `whatsapp`
 * namespace's `settings.errors`.
 */
export function fromFormValues(
  values: SettingsFormValues,
): { ok: true; settings: WhatsappSettings } | { ok: false; errors: SettingsFormErrors } {
  const parsed = whatsappSettingsSchema.safeParse({
    takeoverMinutes: number(values.takeoverMinutes),
    // Stored in whole milliseconds: "2,5" seconds is 2500.
    debounceMs: Math.round(number(values.debounceSeconds) * 1000),
    pauseKeywords: keywords(values.pauseKeywords),
    resumeKeywords: keywords(values.resumeKeywords),
    allowGroups: values.allowGroups,
    voiceReply: values.voiceReply,
    unsupportedMessage: values.unsupportedMessage.trim() || null,
  });
  if (parsed.success) return { ok: true, settings: parsed.data };
  const errors: SettingsFormErrors = {};
  for (const issue of parsed.error.issues) {
    const problem = PROBLEMS[issue.path[0] as keyof WhatsappSettings];
    if (problem) errors[problem.field] = problem.error;
  }
  return { ok: false, errors };
}
