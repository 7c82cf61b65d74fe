import { currentLanguage } from '@/lib/i18n';

/** The simulator's controls live beside the API, under the gateway simulator's own prefix. */
export const SIM_BASE = '/simulator/evolution/_sim';

/** A refused control call, with the simulator's reason (Evolution's error envelope). */
export class SimRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'SimRequestError';
  }
}

function reasonOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const message = (body as { response?: { message?: unknown } }).response?.message;
  const flat = (value: unknown): string[] =>
    Array.isArray(value) ? value.flatMap(flat) : typeof value === 'string' ? [value] : [];
  const parts = flat(message);
  return parts.length > 0 ? parts.join('; ') : null;
}

/**
 * Same-origin call with the owner's session cookie: the simulator accepts it for the owner's
 * own instances (server/modules/simulator/simulator-controls.routes.ts).
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
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the status line
  }
  if (!response.ok) {
    throw new SimRequestError(
      response.status,
      reasonOf(body) ?? `${response.status}: ${response.statusText}`,
    );
  }
  return body as T;
}
