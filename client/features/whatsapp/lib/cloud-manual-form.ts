import {
  connectWhatsappCloudSchema,
  type ConnectWhatsappCloudInput,
} from '@common/schemas/whatsapp';

export const MANUAL_FIELDS = ['wabaId', 'phoneNumberId', 'accessToken'] as const;
export type ManualField = (typeof MANUAL_FIELDS)[number];
export type ManualValues = Record<ManualField, string>;

export const EMPTY_MANUAL_VALUES: ManualValues = { wabaId: '', phoneNumberId: '', accessToken: '' };

export type ManualFormResult =
  | { ok: true; body: ConnectWhatsappCloudInput }
  | { ok: false; errors: Partial<Record<ManualField, string>> };

/**
 * The manual form checked by the shared schema: an empty field counts as not given, so it reads
 * "Informe…" rather than "curto demais"; each field keeps its first message (an `errors` key).
 */
export function readManualForm(values: ManualValues): ManualFormResult {
  const given = (value: string) => (value.trim() === '' ? undefined : value);
  const parsed = connectWhatsappCloudSchema.safeParse({
    wabaId: given(values.wabaId),
    phoneNumberId: given(values.phoneNumberId),
    accessToken: given(values.accessToken),
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: Partial<Record<ManualField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = MANUAL_FIELDS.find((name) => name === issue.path[0]);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}
