import type { ApiErrorBody } from '@common/api-error';
import { currentLanguage } from '@/lib/i18n';

/** A non-OK API response: the server's translated message plus its code and field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly fieldErrors: Record<string, string[]>;

  constructor(status: number, message: string, body?: Partial<ApiErrorBody>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body?.code;
    this.fieldErrors = body?.fieldErrors ?? {};
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

/** Reads a non-OK response into an ApiError (also for callers that read the body themselves). */
export async function toApiError(response: Response): Promise<ApiError> {
  const fallback = `${response.status}: ${response.statusText}`;
  const text = await response.text().catch(() => '');
  try {
    const body: unknown = JSON.parse(text);
    if (isErrorBody(body)) return new ApiError(response.status, body.message || fallback, body);
  } catch {
    // Not JSON (a proxy page, an empty body): keep the status line.
  }
  return new ApiError(response.status, fallback);
}

/**
 * Calls the same-origin API with the session cookie. FormData goes as is, any other body as JSON.
 * Every call names the interface language so the server answers in it.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal } = options;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
  };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await fetch(path, {
    method,
    headers,
    body: payload,
    credentials: 'same-origin',
    signal,
  });
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
