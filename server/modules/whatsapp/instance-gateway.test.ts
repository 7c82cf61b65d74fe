import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../adapters/gateway/gateway-error';
import { gatewayAppError, isGone, newInstanceName, qrDataUrl } from './instance-gateway';

describe('qrDataUrl', () => {
  it('keeps the data: URL the gateway sends, prefixes raw base64, and gives null without a code', () => {
    expect(qrDataUrl({ base64: 'data:image/png;base64,AAAA' })).toBe('data:image/png;base64,AAAA');
    expect(qrDataUrl({ base64: 'AAAA' })).toBe('data:image/png;base64,AAAA');
    expect(qrDataUrl({ count: 0 })).toBeNull();
    expect(qrDataUrl(undefined)).toBeNull();
  });
});

describe('newInstanceName', () => {
  it('names the agent and is unique', () => {
    const a = newInstanceName(42);
    expect(a).toMatch(/^agente-42-[0-9a-f]{8}$/);
    expect(newInstanceName(42)).not.toBe(a);
  });
});

describe('gatewayAppError', () => {
  it('maps a time-out to 504 and keeps every other gateway code', () => {
    const timedOut = new GatewayError('GATEWAY_UNREACHABLE', { uncertain: true });
    expect(gatewayAppError(timedOut)).toMatchObject({ code: 'GATEWAY_TIMEOUT', status: 504 });
    const refused = new GatewayError('GATEWAY_UNREACHABLE', { uncertain: false });
    expect(gatewayAppError(refused)).toMatchObject({ code: 'GATEWAY_UNREACHABLE', status: 502 });
    expect(gatewayAppError(new GatewayError('GATEWAY_AUTH'))).toMatchObject({ status: 502 });
  });

  it('treats only "not found" as already gone', () => {
    expect(isGone(new GatewayError('GATEWAY_NOT_FOUND'))).toBe(true);
    expect(isGone(new GatewayError('GATEWAY_FAILED'))).toBe(false);
    expect(isGone(new Error('x'))).toBe(false);
  });
});
