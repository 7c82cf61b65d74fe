import { Signer } from '@fastify/cookie';
import { describe, expect, it } from 'vitest';
import { SessionSigner } from './session-signer';

const SECRET = 'a-session-secret-of-at-least-32-characters';

describe('SessionSigner', () => {
  it('signs exactly like @fastify/cookie, so existing session cookies stay valid', () => {
    const ours = new SessionSigner(SECRET);
    const theirs = new Signer(SECRET);
    for (const id of ['abc', 'Zx_9-sessão', 'x'.repeat(64)]) {
      expect(ours.sign(id)).toBe(theirs.sign(id));
      expect(ours.unsign(theirs.sign(id))).toEqual({ valid: true, renew: false, value: id });
      expect(theirs.unsign(ours.sign(id))).toMatchObject({ valid: true, value: id });
    }
  });

  it('refuses tampered, unsigned and foreign cookies, also after a valid one was seen', () => {
    const signer = new SessionSigner(SECRET);
    const good = signer.sign('session-id');
    expect(signer.unsign(good).valid).toBe(true);
    expect(signer.unsign(good.replace('session-id', 'session-ie'))).toEqual({
      valid: false,
      renew: false,
      value: null,
    });
    expect(signer.unsign(`${good}x`).valid).toBe(false);
    expect(signer.unsign('session-id').valid).toBe(false);
    expect(signer.unsign('session-id.').valid).toBe(false);
    expect(signer.unsign(new Signer(`${SECRET}-other`).sign('session-id')).valid).toBe(false);
  });

  it('stays within its size', () => {
    const signer = new SessionSigner(SECRET, 2);
    const first = signer.sign('1');
    signer.sign('2');
    signer.sign('3');
    expect(signer.sign('1')).toBe(first);
    expect(signer.unsign(first)).toEqual({ valid: true, renew: false, value: '1' });
  });
});
