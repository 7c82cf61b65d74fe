import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildManifest, signNotification, verifySignature } from './webhook-signature';

const secret = 'segredo';
const now = 1_704_908_010_000;
const ts = Math.floor(now / 1000);

describe('Mercado Pago x-signature', () => {
  it('builds the manifest in order and drops missing values', () => {
    expect(buildManifest({ dataId: 'ABC123', requestId: 'req-1', ts: '1704908010' })).toBe(
      'id:ABC123;request-id:req-1;ts:1704908010;',
    );
    expect(buildManifest({ requestId: 'req-1', ts: '1704908010' })).toBe(
      'request-id:req-1;ts:1704908010;',
    );
  });

  it('accepts the HMAC-SHA256 hex of the manifest, keeping the id case', () => {
    const v1 = createHmac('sha256', secret).update(`id:AbC;request-id:r;ts:${ts};`).digest('hex');
    const header = `ts=${ts},v1=${v1}`;
    expect(signNotification({ secret, dataId: 'AbC', requestId: 'r', ts })).toBe(header);
    expect(
      verifySignature({ secret, xSignature: header, xRequestId: 'r', dataId: 'AbC', now }),
    ).toBeNull();
    expect(
      verifySignature({ secret, xSignature: header, xRequestId: 'r', dataId: 'abc', now }),
    ).toBe('mismatch');
  });

  it('refuses missing, malformed, expired and foreign signatures', () => {
    const header = signNotification({ secret, dataId: '1', requestId: 'r', ts });
    const check = (xSignature: string | undefined, at = now, key = secret) =>
      verifySignature({ secret: key, xSignature, xRequestId: 'r', dataId: '1', now: at });
    expect(check(undefined)).toBe('missing');
    expect(check('v1=abc')).toBe('malformed');
    expect(check(header, now + 301_000)).toBe('expired');
    expect(check(header, now - 301_000)).toBe('expired');
    expect(check(header, now + 299_000)).toBeNull();
    expect(check(header, now, 'outro')).toBe('mismatch');
  });
});
