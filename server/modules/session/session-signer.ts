import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';

export interface UnsignResult {
  valid: boolean;
  renew: boolean;
  value: string | null;
}

const INVALID: UnsignResult = { valid: false, renew: false, value: null };

/**
 * The session cookie's signer, in @fastify/cookie's format (`value.` + unpadded base64 HMAC-SHA256,
 * so existing cookies stay valid), for @fastify/session's `secret` option. Every signed-in request
 * unsigns its cookie and signs the id again (@fastify/session rebuilds the session object); this
 * prepares the key once instead of per HMAC and remembers the results for recent session ids, the
 * two HMACs being most of the session's cost per request. Only valid signatures are remembered.
 */
export class SessionSigner {
  private readonly key: KeyObject;
  private readonly signed = new Map<string, string>();
  private readonly unsigned = new Map<string, string>();

  constructor(
    secret: string,
    private readonly max = 10_000,
  ) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  private mac(value: string): string {
    return createHmac('sha256', this.key).update(value).digest('base64').replace(/=/g, '');
  }

  private remember(map: Map<string, string>, key: string, value: string) {
    if (map.size >= this.max) map.delete(map.keys().next().value!);
    map.set(key, value);
  }

  sign(value: string): string {
    if (typeof value !== 'string')
      throw new TypeError('Cookie value must be provided as a string.');
    const known = this.signed.get(value);
    if (known !== undefined) return known;
    const result = `${value}.${this.mac(value)}`;
    this.remember(this.signed, value, result);
    return result;
  }

  unsign(signedValue: string): UnsignResult {
    if (typeof signedValue !== 'string')
      throw new TypeError('Signed cookie string must be provided.');
    const known = this.unsigned.get(signedValue);
    if (known !== undefined) return { valid: true, renew: false, value: known };
    const dot = signedValue.lastIndexOf('.');
    if (dot === -1 || dot === signedValue.length - 1) return INVALID;
    const value = signedValue.slice(0, dot);
    const actual = Buffer.from(signedValue.slice(dot + 1));
    const expected = Buffer.from(this.mac(value));
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return INVALID;
    this.remember(this.unsigned, signedValue, value);
    return { valid: true, renew: false, value };
  }
}
