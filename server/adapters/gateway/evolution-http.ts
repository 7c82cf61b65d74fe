import { setTimeout as sleep } from 'node:timers/promises';
import { GatewayError } from './gateway-error';

/** The subset of fetch we use: the global fetch, undici's, or the SSRF-guarded outboundFetch. */
export type GatewayFetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal: AbortSignal },
) => Promise<{ status: number; text(): Promise<string> }>;

export interface RetryPolicy {
  /** total attempts, first included */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 300, maxDelayMs: 3000 };

export interface TransportOptions {
  baseUrl: string | (() => string);
  apiKey: string;
  timeoutMs: number;
  fetch: GatewayFetch;
  retry: RetryPolicy;
}

export interface CallOptions {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  body?: unknown;
  /** added to the time-out: `delay` makes the gateway hold the response that long */
  extraTimeoutMs?: number;
  /**
   * false for sends: after a time-out the message may already be out, so only failures that
   * prove nothing was done (connection refused, 5xx) are retried.
   */
  idempotent: boolean;
}

export interface RawResponse {
  status: number;
  body: unknown;
}

/** A transport failure worth another attempt, or a final error. */
class Attempt {
  constructor(
    readonly error: GatewayError,
    readonly retryable: boolean,
  ) {}
}

/**
 * One gateway call with the `apikey` header (the only one the gateway accepts, for either key), a
 * time-out, and exponential backoff on network errors and 5xx only. 4xx and the HTTP 200
 * `{error:true}` answers are final: repeating them cannot change the outcome.
 */
export async function callGateway(opts: TransportOptions, call: CallOptions): Promise<RawResponse> {
  const base = typeof opts.baseUrl === 'function' ? opts.baseUrl() : opts.baseUrl;
  const url = base.replace(/\/+$/, '') + call.path;
  let last: GatewayError | undefined;
  for (let attempt = 1; attempt <= opts.retry.attempts; attempt++) {
    const outcome = await attemptOnce(opts, call, url);
    if (!(outcome instanceof Attempt)) return outcome;
    last = outcome.error;
    if (!outcome.retryable || attempt === opts.retry.attempts) break;
    const backoff = Math.min(opts.retry.maxDelayMs, opts.retry.baseDelayMs * 2 ** (attempt - 1));
    await sleep(backoff * (0.8 + Math.random() * 0.4));
  }
  throw last ?? new GatewayError('GATEWAY_FAILED');
}

async function attemptOnce(
  opts: TransportOptions,
  call: CallOptions,
  url: string,
): Promise<RawResponse | Attempt> {
  const headers: Record<string, string> = { apikey: opts.apiKey, accept: 'application/json' };
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  const signal = AbortSignal.timeout(opts.timeoutMs + (call.extraTimeoutMs ?? 0));
  let status: number;
  let text: string;
  try {
    const response = await opts.fetch(url, {
      method: call.method,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal,
    });
    status = response.status;
    text = await response.text();
  } catch (cause) {
    const timedOut = signal.aborted;
    const error = new GatewayError('GATEWAY_UNREACHABLE', {
      cause,
      uncertain: timedOut,
      gatewayMessage: timedOut ? 'timed out' : errorText(cause),
    });
    return new Attempt(error, call.idempotent || !timedOut);
  }
  const body = parseJson(text);
  if (status >= 200 && status < 300) return { status, body };
  const error = httpError(status, body);
  return new Attempt(error, status >= 500 && error.code === 'GATEWAY_FAILED');
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function errorText(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const inner = (cause as { cause?: unknown }).cause;
  return inner instanceof Error ? `${cause.message}: ${inner.message}` : cause.message;
}

/** The envelope's `response.message`, which may be a string, an array, or nested arrays. */
export function flattenGatewayMessage(body: unknown): string {
  const pick = (value: unknown): string[] => {
    if (typeof value === 'string') return [value];
    if (Array.isArray(value)) return value.flatMap(pick);
    if (value && typeof value === 'object') {
      const obj = value as Record<string, unknown>;
      if ('response' in obj) return pick(obj.response);
      if ('message' in obj) return pick(obj.message);
      return [JSON.stringify(obj)];
    }
    return [];
  };
  return pick(body).join('; ');
}

/** Map an HTTP error status + Evolution error envelope to our code. */
export function httpError(status: number, body: unknown): GatewayError {
  const message = flattenGatewayMessage(body);
  const details = { status, gatewayMessage: message };
  if (status === 401) return new GatewayError('GATEWAY_AUTH', details);
  // On create an existing name is a 403 "This name … is already in use."
  if (status === 403) {
    return new GatewayError(
      /already in use/i.test(message) ? 'GATEWAY_INSTANCE_EXISTS' : 'GATEWAY_AUTH',
      details,
    );
  }
  if (status === 404) return new GatewayError('GATEWAY_NOT_FOUND', details);
  // Logout on a closed instance is a 400 'The "x" instance is not connected'.
  if (status === 400 && /is not connected/i.test(message)) {
    return new GatewayError('GATEWAY_NOT_CONNECTED', details);
  }
  // Sending on an instance that never connected is a 500 about 'onWhatsApp'; it is
  // deterministic, so it is not retried.
  if (status === 500 && /reading 'onWhatsApp'/.test(message)) {
    return new GatewayError('GATEWAY_NOT_CONNECTED', details);
  }
  if (status >= 400 && status < 500) return new GatewayError('GATEWAY_BAD_REQUEST', details);
  return new GatewayError('GATEWAY_FAILED', details);
}
