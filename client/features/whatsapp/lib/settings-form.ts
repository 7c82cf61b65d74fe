import type { WhatsappSettings } from '@common/schemas/whatsapp';

/** The behaviour form as the owner types it: keywords comma separated, debounce in seconds. */
export interface SettingsFormValues {
  takeoverMinutes: string;
  pauseKeywords: string;
  resumeKeywords: string;
  debounceSeconds: string;
  allowGroups: boolean;
  voiceReply: boolean;
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

/**
 * Checks what the server would refuse (common/schemas/whatsapp.ts limits) and builds the payload.
 * The error values are keys of the `whatsapp` namespace's `settings.errors`.
 */
export function fromFormValues(
  values: SettingsFormValues,
): { ok: true; settings: WhatsappSettings } | { ok: false; errors: SettingsFormErrors } {
  const errors: SettingsFormErrors = {};
  const minutes = number(values.takeoverMinutes);
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > 24 * 60) {
    errors.takeoverMinutes = 'takeoverMinutes';
  }
  const seconds = number(values.debounceSeconds);
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > 30) {
    errors.debounceSeconds = 'debounceSeconds';
  }
  const pause = keywords(values.pauseKeywords);
  const resume = keywords(values.resumeKeywords);
  if (pause.length > 10 || pause.some((w) => w.length > 40)) errors.pauseKeywords = 'keywords';
  if (resume.length > 10 || resume.some((w) => w.length > 40)) errors.resumeKeywords = 'keywords';
  if (values.unsupportedMessage.trim().length > 500)
    errors.unsupportedMessage = 'unsupportedMessage';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    settings: {
      takeoverMinutes: minutes,
      debounceMs: Math.round(seconds * 1000),
      pauseKeywords: pause,
      resumeKeywords: resume,
      allowGroups: values.allowGroups,
      voiceReply: values.voiceReply,
      unsupportedMessage: values.unsupportedMessage.trim() || null,
    },
  };
}
