import { toApiError } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';

/** The simulator's controls live beside the API, under the gateway simulator's own prefix. */
export const SIM_BASE = '/simulator/evolution/_sim';

/**
 * Same-origin call with the owner's session cookie: the simulator accepts it for the owner's
 * own instances (server/adapters/gateway/simulator/simulator-controls.routes.ts). A refusal is the app's
 * uniform error body, thrown as an ApiError with its translated message.
 */
export async function simRequest<T>(
  path: string,
  options: { method?: 'GET' | 'POST'; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(`${SIM_BASE}${path}`, {
    method: options.method ?? 'GET',
    headers: {
      Accept: 'application/json',
      'Accept-Language': currentLanguage(),
      ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    credentials: 'same-origin',
  });
  if (!response.ok) throw await toApiError(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}
