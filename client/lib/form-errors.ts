import { ApiError } from '@/lib/api-client';

/**
 * How a form takes one field's message: react-hook-form's `setError` fits, and so does the
 * sign-in page's own form state (features/auth/hooks/use-schema-form.ts), which loads no form
 * library.
 */
export type SetFieldError<F extends string> = (
  field: F,
  error: { type: 'server'; message: string },
  options: { shouldFocus: boolean },
) => void;

/**
 * Puts the server's per-field messages onto the matching form fields. Returns whether any field
 * took one: then the field says what is wrong and nothing else should repeat it (the
 * duplicate username showed on the field, in an alert and in a toast).
 */
export function applyServerFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  setError: SetFieldError<F>,
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
export function reportSubmitError<F extends string>(
  error: unknown,
  form: { setError: SetFieldError<F> },
  fields: readonly F[],
  otherwise: () => void,
): void {
  if (!applyServerFieldErrors(error, fields, form.setError)) otherwise();
}

/** The server's message for an API failure, or the screen's own fallback (network errors). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
