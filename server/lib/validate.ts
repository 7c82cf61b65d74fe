import type { z } from 'zod';
import { AppError } from './errors';
import { hasKey } from './i18n';

/**
 * Parses untrusted input with a shared schema. Failures become a VALIDATION AppError whose
 * fieldErrors hold message keys of the `errors` catalogue (translated by the error handler).
 */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    const key = hasKey(issue.message) ? issue.message : 'validation.invalid';
    const list = (fieldErrors[field] ??= []);
    if (!list.includes(key)) list.push(key);
  }
  throw new AppError('VALIDATION', { fieldErrors });
}
