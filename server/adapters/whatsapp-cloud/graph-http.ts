import { z } from 'zod';
import { GatewayError, type GatewayErrorCode } from '../gateway/gateway-error';

export interface GraphTransport {
  /** e.g. https://graph.facebook.com/v25.0: the version is part of it, no trailing slash */
  baseUrl: string;
  /** sent as `Authorization: Bearer`; null for the one call that authenticates otherwise */
  accessToken: string | null;
  fetch: typeof fetch;
  timeoutMs: number;
  /** strings that must never reach an error message (the token, the app secret, a code) */
  secrets: string[];
}

export interface GraphCall {
  method: 'GET' | 'POST' | 'DELETE';
  /** a path under baseUrl (`/123/messages`) or an absolute URL Graph gave us (paging, media) */
  path: string;
  query?: Record<string, string | undefined>;
  json?: unknown;
  form?: FormData;
}

/** Graph's error envelope (`GraphAPIError`): Meta says to branch on `code`, never on the text. */
const graphErrorSchema = z.looseObject({
  error: z.looseObject({
    code: z.number().optional(),
    message: z.string().optional(),
    error_subcode: z.number().optional(),
    error_data: z.looseObject({ details: z.string().optional() }).optional(),
  }),
});

/** Codes that mean "not now": throughput, pair rate, call-rate limits, maintenance, internal. */
const RATE_LIMIT_CODES = new Set([130429, 131056, 4, 80007, 131057, 131000]);
const RETRYABLE: ReadonlySet<GatewayErrorCode> = new Set([
  'CLOUD_RATE_LIMITED',
  'CLOUD_UNREACHABLE',
  'CLOUD_FAILED',
]);

/** Whether trying the same call again later can succeed (a closed window or a bad token cannot). */
export function isRetryableCloudError(err: unknown): boolean {
  return err instanceof GatewayError && RETRYABLE.has(err.code);
}

export function graphUrl(transport: GraphTransport, call: GraphCall): string {
  const url = new URL(/^https?:\/\//.test(call.path) ? call.path : transport.baseUrl + call.path);
  for (const [key, value] of Object.entries(call.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, value);
  }
  return url.toString();
}

/**
 * One request, answered or not. A failure before any answer is CLOUD_UNREACHABLE; a time-out is
 * marked uncertain, because Graph may have accepted a send it had no time to confirm.
 */
export async function graphFetch(transport: GraphTransport, call: GraphCall): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (transport.accessToken !== null) headers.authorization = `Bearer ${transport.accessToken}`;
  let body: string | FormData | undefined;
  if (call.form) body = call.form;
  else if (call.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(call.json);
  }
  const signal = AbortSignal.timeout(transport.timeoutMs);
  try {
    return await transport.fetch(graphUrl(transport, call), {
      method: call.method,
      headers,
      body,
      signal,
    });
  } catch (cause) {
    throw unreachable(transport, cause, signal.aborted);
  }
}

/** A call whose answer is JSON: the parsed body on 2xx, else the mapped GatewayError. */
export async function graphJson(transport: GraphTransport, call: GraphCall): Promise<unknown> {
  const response = await graphFetch(transport, call);
  let text: string;
  try {
    text = await response.text();
  } catch (cause) {
    // The body was cut off (or timed out) after the status line: the call may have been done.
    throw unreachable(transport, cause, true);
  }
  const body = parseBody(text);
  if (response.ok) return body;
  throw graphHttpError(response.status, body, transport.secrets);
}

export function parseBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function unreachable(transport: GraphTransport, cause: unknown, timedOut: boolean): GatewayError {
  const message = timedOut ? 'timed out' : errorText(cause);
  return new GatewayError('CLOUD_UNREACHABLE', {
    uncertain: timedOut,
    gatewayMessage: redact(message, transport.secrets),
    cause,
  });
}

function errorText(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const inner = (cause as { cause?: unknown }).cause;
  return inner instanceof Error ? `${cause.message}: ${inner.message}` : cause.message;
}

/** Map a non-2xx answer, and Graph's error code inside it when there is one, to our code. */
export function graphHttpError(status: number, body: unknown, secrets: string[]): GatewayError {
  const envelope = graphErrorSchema.safeParse(body);
  const error = envelope.success ? envelope.data.error : undefined;
  const graphCode = error?.code;
  const text = error
    ? [error.message, error.error_data?.details].filter(Boolean).join(' — ')
    : typeof body === 'string'
      ? body.slice(0, 500)
      : '';
  return new GatewayError(codeFor(status, graphCode), {
    status,
    gatewayMessage: redact(text || `HTTP ${status}`, secrets),
    graphCode,
    uncertain: false,
    cause: body,
  });
}

function codeFor(status: number, graphCode: number | undefined): GatewayErrorCode {
  if (graphCode === 190) return 'CLOUD_AUTH';
  if (graphCode === 131047) return 'CLOUD_WINDOW_CLOSED';
  if (graphCode !== undefined && RATE_LIMIT_CODES.has(graphCode)) return 'CLOUD_RATE_LIMITED';
  if (graphCode === 131026) return 'CLOUD_UNDELIVERABLE';
  if (graphCode !== undefined && graphCode >= 132000 && graphCode <= 132999) {
    return 'CLOUD_TEMPLATE';
  }
  if (graphCode === 100) return 'CLOUD_BAD_REQUEST';
  // Without Graph's envelope (a proxy in between, say) the HTTP status is all there is.
  if (graphCode === undefined && status === 401) return 'CLOUD_AUTH';
  if (graphCode === undefined && status === 429) return 'CLOUD_RATE_LIMITED';
  if (status >= 400 && status < 500) return 'CLOUD_BAD_REQUEST';
  return 'CLOUD_FAILED';
}

/** Graph sometimes echoes a request's parameters in its messages; ours carry credentials. */
export function redact(text: string, secrets: string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  }
  return out;
}

/** A 2xx answer that is not what the endpoint promises: Graph changed, or something is between. */
export function unexpected(what: string, issue: string | undefined): GatewayError {
  return new GatewayError('CLOUD_FAILED', {
    gatewayMessage: `unexpected ${what} response: ${issue ?? 'invalid'}`,
  });
}

export function parseWith<S extends z.ZodType>(
  schema: S,
  value: unknown,
  what: string,
): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw unexpected(what, parsed.error.issues[0]?.message);
}
