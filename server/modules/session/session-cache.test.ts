import type { Session } from 'fastify';
import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache';

const session = (userId: number) =>
  ({ userId, cookie: { originalMaxAge: null } }) as unknown as Session;

describe('SessionCache', () => {
  it('returns what was written, forgets deleted and expired sessions', () => {
    const cache = new SessionCache();
    cache.set('a', session(1), 1, Date.now() + 60_000);
    cache.set('b', session(1), 1, Date.now() - 1);
    expect(cache.get('a')).toMatchObject({ userId: 1 });
    expect(cache.get('b')).toBeNull();
    expect(cache.get('zzz')).toBeUndefined();
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops every session of a user but the current one', () => {
    const cache = new SessionCache();
    for (const sid of ['x', 'y', 'z']) cache.set(sid, session(7), 7, Date.now() + 60_000);
    cache.set('other', session(8), 8, Date.now() + 60_000);
    cache.deleteUser(7, 'y');
    expect([cache.get('x'), cache.get('z')]).toEqual([undefined, undefined]);
    expect(cache.get('y')).toBeTruthy();
    expect(cache.get('other')).toBeTruthy();
  });

  it('stays within its size, evicting the oldest write', () => {
    const cache = new SessionCache(2);
    cache.set('1', session(1), 1, Date.now() + 60_000);
    cache.set('2', session(2), 2, Date.now() + 60_000);
    cache.set('3', session(3), 3, Date.now() + 60_000);
    expect(cache.get('1')).toBeUndefined();
    expect(cache.get('3')).toBeTruthy();
  });
});
