import { describe, expect, it } from 'vitest';
import { nextStatus } from './state-machine';

const now = new Date('2026-11-22T12:00:00Z');
const future = new Date('2026-11-29T12:00:00Z');
const past = new Date('2026-11-01T12:00:00Z');

describe('subscription state machine', () => {
  it('authorized inside the free trial is trialing, after it active', () => {
    expect(nextStatus({ status: 'pending', trialEndsAt: future }, 'authorized', now)).toEqual({
      status: 'trialing',
      known: true,
    });
    expect(nextStatus({ status: 'trialing', trialEndsAt: past }, 'authorized', now).status).toBe(
      'active',
    );
  });

  it('paused and back to active', () => {
    expect(nextStatus({ status: 'active', trialEndsAt: past }, 'paused', now).status).toBe(
      'paused',
    );
    expect(nextStatus({ status: 'paused', trialEndsAt: past }, 'authorized', now).status).toBe(
      'active',
    );
  });

  it('cancelled is irreversible', () => {
    for (const word of ['authorized', 'paused', 'pending', 'finished']) {
      expect(nextStatus({ status: 'cancelled', trialEndsAt: future }, word, now).status).toBe(
        'cancelled',
      );
    }
  });

  it('a stale pending never moves a live subscription back', () => {
    expect(nextStatus({ status: 'trialing', trialEndsAt: future }, 'pending', now).status).toBe(
      'trialing',
    );
  });

  it('an unknown provider word keeps our state and is flagged', () => {
    expect(nextStatus({ status: 'active', trialEndsAt: past }, 'finished', now)).toEqual({
      status: 'active',
      known: false,
    });
  });
});
