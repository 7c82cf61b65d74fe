import { describe, expect, it } from 'vitest';
import { SIGN_IN_LIMITS, signInDelayMs } from './sign-in-limits';

describe('signInDelayMs', () => {
  const ceiling = SIGN_IN_LIMITS.perUsername.failuresBeforeDelay;

  it('adds nothing below the per-username ceiling', () => {
    expect(signInDelayMs(0)).toBe(0);
    expect(signInDelayMs(ceiling - 1)).toBe(0);
  });

  it('doubles with each failure from the ceiling on, up to a few seconds', () => {
    const delays = Array.from({ length: 8 }, (_, i) => signInDelayMs(ceiling + i));
    expect(delays).toEqual([250, 500, 1000, 2000, 4000, 5000, 5000, 5000]);
    expect(signInDelayMs(ceiling + 10_000)).toBe(SIGN_IN_LIMITS.delay.maxMs);
  });
});
