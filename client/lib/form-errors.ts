import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';

/**
 * Puts the server's per-field messages onto the matching form fields. Returns whether any field
 * took one: then the field says what is wrong and nothing else should repeat it (the
 * duplicate username showed on the field, in an alert and in a toast).
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  if (!(error instanceof ApiError)) return false;
  let placed = false;
  for (const field of fields) {
    const message = error.fieldErrors[field]?.[0];
    if (message) {
      setError(field, { type: 'server', message }, { shouldFocus: !placed });
      placed = true;
    }
  }
  return placed;
}

/**
 * One failed submission, one message in one place: the field messages onto their fields, or,
 * when no field took one, `otherwise` with the form-level message (an alert or a toast).
 */
export function reportSubmitError<T extends FieldValues>(
  error: unknown,
  form: { setError: UseFormSetError<T> },
  fields: readonly Path<T>[],
  otherwise: () => void,
): void {
  if (!applyServerFieldErrors(error, fields, form.setError)) otherwise();
}

/** The server's message for an API failure, or the screen's own fallback (network errors). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
