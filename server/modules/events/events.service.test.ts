import { describe, expect, it } from 'vitest';
import { parseLastEventId, startFrom } from './events.service';

describe('parseLastEventId', () => {
  it('reads an id', () => {
    expect(parseLastEventId('0')).toBe(0);
    expect(parseLastEventId('42')).toBe(42);
    expect(parseLastEventId('999999999999999')).toBe(999_999_999_999_999);
  });

  it('reads anything else as no id ("from now")', () => {
    for (const value of [
      undefined,
      '',
      'abc',
      '-1',
      '1.5',
      '1e3',
      '0x10',
      ' 12',
      '12 ',
      '+12',
      '1234567890123456',
      '99999999999999999999999',
      ['1', '2'],
      12,
      null,
    ]) {
      expect(parseLastEventId(value), String(value)).toBeNull();
    }
  });
});

describe('startFrom', () => {
  const positions = { ownerLast: 90, horizon: 40, issued: 120 };

  it('starts from the owner’s newest event without an id', () => {
    expect(startFrom(null, positions)).toEqual({ cursor: 90, reset: null });
    expect(startFrom(null, { ownerLast: 0, horizon: 40, issued: 120 })).toEqual({
      cursor: 40,
      reset: null,
    });
    expect(startFrom(null, { ownerLast: 0, horizon: 0, issued: 0 })).toEqual({
      cursor: 0,
      reset: null,
    });
  });

  it('resumes after the id the client had', () => {
    expect(startFrom(40, positions)).toEqual({ cursor: 40, reset: null });
    expect(startFrom(75, positions)).toEqual({ cursor: 75, reset: null });
    expect(startFrom(120, positions)).toEqual({ cursor: 120, reset: null });
  });

  it('resets from the oldest kept event when events after the id were deleted', () => {
    expect(startFrom(39, positions)).toEqual({ cursor: 40, reset: 'expired' });
    expect(startFrom(0, positions)).toEqual({ cursor: 40, reset: 'expired' });
  });

  it('resets from now for an id this database never gave', () => {
    expect(startFrom(121, positions)).toEqual({ cursor: 90, reset: 'unknown' });
    expect(startFrom(1, { ownerLast: 0, horizon: 0, issued: 0 })).toEqual({
      cursor: 0,
      reset: 'unknown',
    });
  });
});
