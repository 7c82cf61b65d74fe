import { AppError, type ErrorCode } from '../../lib/errors';

export const GATEWAY_ERROR_CODES = [
  'GATEWAY_UNREACHABLE',
  'GATEWAY_AUTH',
  'GATEWAY_NOT_FOUND',
  'GATEWAY_INSTANCE_EXISTS',
  'GATEWAY_NOT_CONNECTED',
  'GATEWAY_BAD_REQUEST',
  'GATEWAY_FAILED',
  // the official Cloud API (adapters/whatsapp-cloud): Meta's error codes mapped to these
  'CLOUD_UNREACHABLE',
  'CLOUD_AUTH',
  'CLOUD_WINDOW_CLOSED',
  'CLOUD_RATE_LIMITED',
  'CLOUD_UNDELIVERABLE',
  'CLOUD_TEMPLATE',
  'CLOUD_BAD_REQUEST',
  'CLOUD_FAILED',
] as const satisfies readonly ErrorCode[];

export type GatewayErrorCode = (typeof GATEWAY_ERROR_CODES)[number];

export interface GatewayErrorDetails {
  /** HTTP status of the gateway's answer; undefined for network errors and time-outs */
  status?: number;
  /** the gateway's own message, flattened (kept for logs, never shown to users verbatim) */
  gatewayMessage?: string;
  /** the request may have reached the gateway (a time-out) — a send may have gone out */
  uncertain?: boolean;
  /** the Cloud API's error code (Graph's `error.code`, e.g. 131047), when Meta answered one */
  graphCode?: number;
  cause?: unknown;
}

/** A failed gateway call. `toAppError()` gives the user-facing, translated error. */
export class GatewayError extends Error {
  override name = 'GatewayError';

  constructor(
    readonly code: GatewayErrorCode,
    readonly details: GatewayErrorDetails = {},
  ) {
    super(`${code}${details.gatewayMessage ? `: ${details.gatewayMessage}` : ''}`, {
      cause: details.cause,
    });
  }

  toAppError(): AppError {
    return new AppError(this.code);
  }
}
