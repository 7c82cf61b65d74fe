import { describe, expect, it } from 'vitest';
import { freeSlots, horizonLastDay, placeAppointment, type SlotRules } from './slots';
import { isoInZone } from './wall-clock';

const SP = 'America/Sao_Paulo';
const MONDAY = '2026-12-07';
const LONG_AGO = 0;
const at = (iso: string) => Date.parse(iso);

function rules(timezone: string, weekly: SlotRules['weekly'], holidays: string[] = []): SlotRules {
  return { timezone, weekly, holidays, horizonDays: null };
}

function starts(
  r: SlotRules,
  service: { durationMinutes: number; bufferMinutes: number },
  day: string,
  holds = [] as Parameters<typeof freeSlots>[3],
  now = LONG_AGO,
) {
  return freeSlots(r, service, { from: day, to: day }, holds, now).map((s) =>
    isoInZone(r.timezone, new Date(s.startsAt)),
  );
}

describe('free slots', () => {
  const morning = rules(SP, [{ weekday: 1, start: '09:00', end: '10:00', capacity: 1 }]);

  it('starts every 15 minutes and keeps the service inside the window', () => {
    expect(starts(morning, { durationMinutes: 30, bufferMinutes: 0 }, MONDAY)).toEqual([
      '2026-12-07T09:00:00-03:00',
      '2026-12-07T09:15:00-03:00',
      '2026-12-07T09:30:00-03:00',
    ]);
  });

  it('steps by the duration of a service shorter than 15 minutes', () => {
    expect(starts(morning, { durationMinutes: 10, bufferMinutes: 0 }, MONDAY)).toHaveLength(6);
  });

  it('keeps the buffer after the service inside the window', () => {
    expect(starts(morning, { durationMinutes: 30, bufferMinutes: 15 }, MONDAY)).toEqual([
      '2026-12-07T09:00:00-03:00',
      '2026-12-07T09:15:00-03:00',
    ]);
  });

  it('offers nothing on another weekday, on a holiday or in the past', () => {
    const service = { durationMinutes: 30, bufferMinutes: 0 };
    expect(starts(morning, service, '2026-12-08')).toEqual([]);
    const holiday = rules(SP, morning.weekly, [MONDAY]);
    expect(starts(holiday, service, MONDAY)).toEqual([]);
    expect(starts(morning, service, MONDAY, [], at('2026-12-07T09:20:00-03:00'))).toEqual([
      '2026-12-07T09:30:00-03:00',
    ]);
  });

  it('offers a slot while one seat of the capacity is free for its blocked time', () => {
    const twoChairs = rules(SP, [{ weekday: 1, start: '09:00', end: '10:00', capacity: 2 }]);
    const service = { durationMinutes: 30, bufferMinutes: 0 };
    const seat = (n: number) => ({
      blockedFrom: at('2026-12-07T09:00:00-03:00'),
      blockedTo: at('2026-12-07T09:30:00-03:00'),
      seat: n,
    });
    expect(starts(twoChairs, service, MONDAY, [seat(1)])).toHaveLength(3);
    expect(starts(twoChairs, service, MONDAY, [seat(1), seat(2)])).toEqual([
      '2026-12-07T09:30:00-03:00',
    ]);
  });

  it("counts the other appointment's buffer as taken", () => {
    const hold = {
      blockedFrom: at('2026-12-07T08:50:00-03:00'),
      blockedTo: at('2026-12-07T09:40:00-03:00'),
      seat: 1,
    };
    expect(starts(morning, { durationMinutes: 15, bufferMinutes: 0 }, MONDAY, [hold])).toEqual([
      '2026-12-07T09:45:00-03:00',
    ]);
  });

  it('gives a window the real length of a day whose clocks go forward (New York)', () => {
    // 2026-03-08, 02:00 EST becomes 03:00 EDT: 01:00–04:00 lasts two hours
    const ny = rules('America/New_York', [
      { weekday: 0, start: '01:00', end: '04:00', capacity: 1 },
    ]);
    expect(starts(ny, { durationMinutes: 60, bufferMinutes: 0 }, '2026-03-08')).toEqual([
      '2026-03-08T01:00:00-05:00',
      '2026-03-08T01:15:00-05:00',
      '2026-03-08T01:30:00-05:00',
      '2026-03-08T01:45:00-05:00',
      '2026-03-08T03:00:00-04:00',
    ]);
  });

  it('gives a window the real length of a day whose clocks go back (Lisbon)', () => {
    // 2026-10-25, 02:00 WEST becomes 01:00 WET: 00:00–02:00 lasts three hours
    const lisbon = rules('Europe/Lisbon', [
      { weekday: 0, start: '00:00', end: '02:00', capacity: 1 },
    ]);
    const found = starts(lisbon, { durationMinutes: 60, bufferMinutes: 0 }, '2026-10-25');
    expect(found).toHaveLength(9);
    expect(found[0]).toBe('2026-10-25T00:00:00+01:00');
    expect(found.at(-1)).toBe('2026-10-25T01:00:00+00:00');
  });
});

describe('placing an appointment', () => {
  const r = rules(SP, [{ weekday: 1, start: '09:00', end: '12:00', capacity: 3 }], ['2026-12-14']);
  const service = { durationMinutes: 30, bufferMinutes: 10 };

  it('accepts a start on the grid with its capacity and blocked time', () => {
    const placed = placeAppointment(r, service, at('2026-12-07T10:15:00-03:00'), LONG_AGO);
    expect(placed).toEqual({
      ok: true,
      capacity: 3,
      endsAt: at('2026-12-07T10:45:00-03:00'),
      blockedFrom: at('2026-12-07T10:05:00-03:00'),
      blockedTo: at('2026-12-07T10:55:00-03:00'),
    });
  });

  it('refuses off the grid, past the window, on a holiday and in the past', () => {
    const outside = { ok: false, reason: 'outside' };
    expect(placeAppointment(r, service, at('2026-12-07T10:10:00-03:00'), 0)).toEqual(outside);
    expect(placeAppointment(r, service, at('2026-12-07T11:30:00-03:00'), 0)).toEqual(outside);
    expect(placeAppointment(r, service, at('2026-12-07T08:45:00-03:00'), 0)).toEqual(outside);
    expect(placeAppointment(r, service, at('2026-12-14T09:00:00-03:00'), 0)).toEqual(outside);
    expect(placeAppointment(r, service, at('2026-12-08T09:00:00-03:00'), 0)).toEqual(outside);
    const now = at('2026-12-07T10:00:00-03:00');
    expect(placeAppointment(r, service, at('2026-12-07T09:00:00-03:00'), now)).toEqual({
      ok: false,
      reason: 'past',
    });
  });

  it('reads the start in the rules’ zone whatever offset it was written with', () => {
    const placed = placeAppointment(r, service, at('2026-12-07T13:00:00Z'), LONG_AGO);
    expect(placed.ok).toBe(true);
  });
});

describe('the booking horizon', () => {
  const everyDay = Array.from({ length: 7 }, (_, weekday) => ({
    weekday,
    start: '09:00',
    end: '10:00',
    capacity: 1,
  }));
  const service = { durationMinutes: 60, bufferMinutes: 0 };
  // Monday 2026-12-07, 23:30 in São Paulo: already Tuesday in UTC
  const now = at('2026-12-07T23:30:00-03:00');

  it('ends today + the horizon on the clocks of the rules’ zone, not of UTC', () => {
    expect(horizonLastDay(SP, 3, now)).toBe('2026-12-10');
    expect(horizonLastDay('UTC', 3, now)).toBe('2026-12-11');
    // across a month and a year
    expect(horizonLastDay(SP, 60, at('2026-12-01T12:00:00-03:00'))).toBe('2027-01-30');
  });

  it('lists no day after the last one, and every day up to it', () => {
    const bound = { ...rules(SP, everyDay), horizonDays: 3 };
    const days = freeSlots(bound, service, { from: '2026-12-08', to: '2026-12-20' }, [], now).map(
      (s) => isoInZone(SP, new Date(s.startsAt)),
    );
    expect(days).toEqual([
      '2026-12-08T09:00:00-03:00',
      '2026-12-09T09:00:00-03:00',
      '2026-12-10T09:00:00-03:00',
    ]);
    expect(freeSlots(bound, service, { from: '2026-12-11', to: '2026-12-20' }, [], now)).toEqual(
      [],
    );
  });

  it('refuses a start past the last day, in 2099 too, and accepts one on it', () => {
    const bound = { ...rules(SP, everyDay), horizonDays: 3 };
    const beyond = { ok: false, reason: 'horizon' };
    expect(placeAppointment(bound, service, at('2026-12-11T09:00:00-03:00'), now)).toEqual(beyond);
    expect(placeAppointment(bound, service, at('2099-01-05T09:00:00-03:00'), now)).toEqual(beyond);
    expect(placeAppointment(bound, service, at('2026-12-10T09:00:00-03:00'), now).ok).toBe(true);
  });

  it('binds nothing without a horizon (the owner’s own agenda)', () => {
    const free = rules(SP, everyDay);
    expect(placeAppointment(free, service, at('2099-01-05T09:00:00-03:00'), now).ok).toBe(true);
  });
});
