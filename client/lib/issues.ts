import type { z } from 'zod';
import { ApiError } from '@/lib/api-client';

/** Field messages by dotted path (`weekly.2.end`), the first one of each: the client's or the API's. */
export type FieldMessages = Record<string, string>;

export function issuesToMessages(error: z.ZodError): FieldMessages {
  const messages: FieldMessages = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    messages[path] ??= issue.message;
  }
  return messages;
}

/** The server's per-field messages of a refused save, in the same shape; empty for other errors. */
export function serverMessages(error: unknown): FieldMessages {
  if (!(error instanceof ApiError)) return {};
  const messages: FieldMessages = {};
  for (const [path, list] of Object.entries(error.fieldErrors)) {
    if (list[0]) messages[path] = list[0];
  }
  return messages;
}
