import { describe, expect, it } from 'vitest';
import { GatewayError } from '../gateway/gateway-error';
import { graphHttpError, isRetryableCloudError } from './graph-http';

const envelope = (code: number, message = `(#${code}) something`) => ({
  error: { message, type: 'OAuthException', code, error_data: { details: 'why' }, fbtrace_id: 'x' },
});

describe('graphHttpError', () => {
  it('maps Graph codes to our codes, keeping the code and status', () => {
    const cases: [number, number, string][] = [
      [401, 190, 'CLOUD_AUTH'],
      [400, 131047, 'CLOUD_WINDOW_CLOSED'],
      [400, 130429, 'CLOUD_RATE_LIMITED'],
      [400, 131056, 'CLOUD_RATE_LIMITED'],
      [400, 4, 'CLOUD_RATE_LIMITED'],
      [400, 80007, 'CLOUD_RATE_LIMITED'],
      [400, 131057, 'CLOUD_RATE_LIMITED'],
      [500, 131000, 'CLOUD_RATE_LIMITED'],
      [400, 131026, 'CLOUD_UNDELIVERABLE'],
      [400, 132000, 'CLOUD_TEMPLATE'],
      [400, 132001, 'CLOUD_TEMPLATE'],
      [400, 132999, 'CLOUD_TEMPLATE'],
      [400, 100, 'CLOUD_BAD_REQUEST'],
      [500, 100, 'CLOUD_BAD_REQUEST'],
      [403, 200, 'CLOUD_BAD_REQUEST'],
      [503, 2, 'CLOUD_FAILED'],
    ];
    for (const [status, code, expected] of cases) {
      const err = graphHttpError(status, envelope(code), []);
      expect([code, err.code]).toEqual([code, expected]);
      expect(err.details).toMatchObject({ status, graphCode: code, uncertain: false });
      expect(err.details.gatewayMessage).toBe(`(#${code}) something — why`);
    }
  });

  it('falls back on the HTTP status without an envelope', () => {
    expect(graphHttpError(401, 'nope', []).code).toBe('CLOUD_AUTH');
    expect(graphHttpError(429, undefined, []).code).toBe('CLOUD_RATE_LIMITED');
    expect(graphHttpError(404, '<html>', []).code).toBe('CLOUD_BAD_REQUEST');
    expect(graphHttpError(502, '<html>', []).code).toBe('CLOUD_FAILED');
    expect(graphHttpError(502, '<html>', []).details.graphCode).toBeUndefined();
  });

  it('never puts a secret in the message', () => {
    const err = graphHttpError(400, envelope(100, 'bad client_secret=s3cr3t-value token EAAFtok'), [
      's3cr3t-value',
      'EAAFtok',
    ]);
    expect(err.message).not.toContain('s3cr3t-value');
    expect(err.message).not.toContain('EAAFtok');
    expect(err.message).toContain('[redacted]');
  });
});

describe('isRetryableCloudError', () => {
  it('is true for rate limits, unreachable and failed only', () => {
    expect(isRetryableCloudError(new GatewayError('CLOUD_RATE_LIMITED'))).toBe(true);
    expect(isRetryableCloudError(new GatewayError('CLOUD_UNREACHABLE'))).toBe(true);
    expect(isRetryableCloudError(new GatewayError('CLOUD_FAILED'))).toBe(true);
    for (const code of [
      'CLOUD_AUTH',
      'CLOUD_WINDOW_CLOSED',
      'CLOUD_TEMPLATE',
      'CLOUD_BAD_REQUEST',
      'CLOUD_UNDELIVERABLE',
    ] as const) {
      expect(isRetryableCloudError(new GatewayError(code))).toBe(false);
    }
    expect(isRetryableCloudError(new Error('x'))).toBe(false);
    expect(isRetryableCloudError(new GatewayError('GATEWAY_FAILED'))).toBe(false);
  });
});
