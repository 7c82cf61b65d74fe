import { describe, expect, it } from 'vitest';
import { isWithinBusinessHours, nextBusinessStart, type Hours } from './business-hours';

const at = (iso: string) => new Date(iso);

// Monday to Friday 09:00–12:00 and 13:00–18:00 (lunch break), 2026-12-08 a holiday
const weekdays = [1, 2, 3, 4, 5].flatMap((weekday) => [
  { weekday, start: '09:00', end: '12:00' },
  { weekday, start: '13:00', end: '18:00' },
]);
const salon: Hours = { timezone: 'America/Sao_Paulo', weekly: weekdays, holidays: ['2026-12-08'] };

describe('business hours', () => {
  it('is open inside a window, closed in the break, after hours and on a holiday', () => {
    expect(isWithinBusinessHours(salon, at('2026-12-07T10:00:00-03:00'))).toBe(true);
    expect(isWithinBusinessHours(salon, at('2026-12-07T09:00:00-03:00'))).toBe(true);
    expect(isWithinBusinessHours(salon, at('2026-12-07T12:00:00-03:00'))).toBe(false);
    expect(isWithinBusinessHours(salon, at('2026-12-07T12:30:00-03:00'))).toBe(false);
    expect(isWithinBusinessHours(salon, at('2026-12-07T18:00:00-03:00'))).toBe(false);
    expect(isWithinBusinessHours(salon, at('2026-12-08T10:00:00-03:00'))).toBe(false);
    expect(isWithinBusinessHours(salon, at('2026-12-06T10:00:00-03:00'))).toBe(false);
  });

  it('reads the instant on the clocks of the hours’ zone', () => {
    // 12:30 UTC is 09:30 in São Paulo
    expect(isWithinBusinessHours(salon, at('2026-12-07T12:30:00Z'))).toBe(true);
  });

  it('is always open with no hours set, except on holidays', () => {
    const none: Hours = { timezone: 'America/Sao_Paulo', weekly: [], holidays: ['2026-12-25'] };
    expect(isWithinBusinessHours(none, at('2026-12-06T03:00:00-03:00'))).toBe(true);
    expect(isWithinBusinessHours(none, at('2026-12-25T10:00:00-03:00'))).toBe(false);
    expect(nextBusinessStart(none, at('2026-12-25T10:00:00-03:00'))).toEqual(
      at('2026-12-26T00:00:00-03:00'),
    );
  });

  it('opens next after the break, the next morning, after the weekend and the holiday', () => {
    const open = at('2026-12-07T10:00:00-03:00');
    expect(nextBusinessStart(salon, open)).toEqual(open);
    expect(nextBusinessStart(salon, at('2026-12-07T12:30:00-03:00'))).toEqual(
      at('2026-12-07T13:00:00-03:00'),
    );
    // Monday evening: Tuesday is a holiday, so Wednesday morning
    expect(nextBusinessStart(salon, at('2026-12-07T19:00:00-03:00'))).toEqual(
      at('2026-12-09T09:00:00-03:00'),
    );
    expect(nextBusinessStart(salon, at('2026-12-11T18:30:00-03:00'))).toEqual(
      at('2026-12-14T09:00:00-03:00'),
    );
  });

  it('follows the clock change of a zone with daylight saving time (New York)', () => {
    const sundays: Hours = {
      timezone: 'America/New_York',
      weekly: [{ weekday: 0, start: '09:00', end: '17:00' }],
      holidays: [],
    };
    // Saturday 2026-03-07 20:00 EST; on Sunday the clocks went forward: 09:00 EDT is 13:00 UTC
    expect(nextBusinessStart(sundays, at('2026-03-07T20:00:00-05:00'))).toEqual(
      at('2026-03-08T13:00:00Z'),
    );
    expect(isWithinBusinessHours(sundays, at('2026-03-08T13:30:00Z'))).toBe(true);
    // the Sunday before, 09:00 EST is 14:00 UTC: 13:30 UTC was still closed
    expect(isWithinBusinessHours(sundays, at('2026-03-01T13:30:00Z'))).toBe(false);
  });

  it('says so when nothing opens within a year', () => {
    // open on Mondays only, and every Monday of the next 54 weeks a holiday
    const mondays = Array.from({ length: 54 }, (_, i) =>
      new Date(Date.UTC(2026, 11, 7 + 7 * i)).toISOString().slice(0, 10),
    );
    const closed: Hours = {
      timezone: 'America/Sao_Paulo',
      weekly: [{ weekday: 1, start: '09:00', end: '10:00' }],
      holidays: mondays,
    };
    expect(nextBusinessStart(closed, at('2026-12-07T08:00:00-03:00'))).toBeNull();
    const fewer = { ...closed, holidays: mondays.slice(0, 2) };
    expect(nextBusinessStart(fewer, at('2026-12-07T08:00:00-03:00'))).toEqual(
      at('2026-12-21T09:00:00-03:00'),
    );
  });
});
