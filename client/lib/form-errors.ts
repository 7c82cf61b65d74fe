import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';

/** Puts the server's per-field messages onto the matching form fields. */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): void {
  if (!(error instanceof ApiError)) return;
  for (const field of fields) {
    const message = error.fieldErrors[field]?.[0];
    if (message) setError(field, { type: 'server', message });
  }
}

/** The server's message for an API failure, or the screen's own fallback (network errors). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
