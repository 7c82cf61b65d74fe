import { describe, expect, it } from 'vitest';
import { atSendTime, planReminders } from './reminder-plan';
import { answerOf } from './reminders.service';

/** The reminders' times and the customer's words, pure (ADR 0029). */
const SP = 'America/Sao_Paulo';
const at = (iso: string) => new Date(iso);
const always = { timezone: SP, weekly: [], holidays: [] };
const weekdays9to18 = {
  timezone: SP,
  weekly: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '18:00' })),
  holidays: [],
};

describe('planReminders', () => {
  // Wednesday 2026-12-02 10:00 in São Paulo
  const startsAt = at('2026-12-02T10:00:00-03:00');
  const now = at('2026-11-28T12:00:00-03:00').getTime();

  it('always open: each its lead before the start', () => {
    expect(planReminders(startsAt, [24, 2], always, now)).toEqual([
      { hoursBefore: 24, dueAt: at('2026-12-01T10:00:00-03:00'), skipped: null },
      { hoursBefore: 2, dueAt: at('2026-12-02T08:00:00-03:00'), skipped: null },
    ]);
  });

  it('a time the business is closed moves to the next opening; too late for it is skipped', () => {
    // 2 h before is 08:00, closed: the 09:00 opening, still before the 10:00 appointment
    expect(planReminders(startsAt, [24, 2], weekdays9to18, now)).toEqual([
      { hoursBefore: 24, dueAt: at('2026-12-01T10:00:00-03:00'), skipped: null },
      { hoursBefore: 2, dueAt: at('2026-12-02T09:00:00-03:00'), skipped: null },
    ]);
    // a 09:30 appointment: 07:30 → 09:00 opening; a 09:00 one: the opening is its start, skipped
    const early = at('2026-12-02T09:00:00-03:00');
    const [day, hours] = planReminders(early, [24, 2], weekdays9to18, now);
    expect(hours).toEqual({
      hoursBefore: 2,
      dueAt: at('2026-12-02T07:00:00-03:00'),
      skipped: 'closed',
    });
    // the day-before one (09:00 Tuesday) is open, and its limit is now the start
    expect(day).toEqual({ hoursBefore: 24, dueAt: at('2026-12-01T09:00:00-03:00'), skipped: null });
  });

  it('the 24 h one is skipped when the next opening is past the 2 h one', () => {
    // Monday 10:00: 24 h before is Sunday 10:00 (closed), next opening Monday 09:00 >= the 2 h
    // one's 09:00 (08:00 moved to the opening)
    const monday = at('2026-11-30T10:00:00-03:00');
    const planned = planReminders(monday, [24, 2], weekdays9to18, now);
    expect(planned.map((p) => [p.hoursBefore, p.skipped])).toEqual([
      [24, 'closed'],
      [2, null],
    ]);
  });

  it('booked within a lead: that reminder is skipped', () => {
    const soon = now + 3 * 3_600_000;
    const planned = planReminders(new Date(soon), [24, 2], always, now);
    expect(planned.map((p) => [p.hoursBefore, p.skipped])).toEqual([
      [24, 'inside-lead'],
      [2, null],
    ]);
  });
});

describe('atSendTime', () => {
  const startsAt = at('2026-12-02T10:00:00-03:00');
  it('sends when open and in time; never after the start or the next reminder', () => {
    const now = at('2026-12-01T10:00:00-03:00').getTime();
    const limit = at('2026-12-02T08:00:00-03:00').getTime();
    expect(atSendTime({ now, startsAt, limit }, weekdays9to18)).toEqual({ action: 'send' });
    expect(atSendTime({ now: limit, startsAt, limit }, always)).toEqual({
      action: 'skip',
      reason: 'superseded',
    });
    expect(atSendTime({ now: startsAt.getTime(), startsAt, limit: Infinity }, always)).toEqual({
      action: 'skip',
      reason: 'late',
    });
  });

  it('late after an outage at night: deferred to the opening if still before the limit', () => {
    const night = at('2026-12-01T22:00:00-03:00').getTime();
    expect(atSendTime({ now: night, startsAt, limit: startsAt.getTime() }, weekdays9to18)).toEqual({
      action: 'defer',
      at: at('2026-12-02T09:00:00-03:00'),
    });
    const limit = at('2026-12-02T08:00:00-03:00').getTime();
    expect(atSendTime({ now: night, startsAt, limit }, weekdays9to18)).toEqual({
      action: 'skip',
      reason: 'closed',
    });
  });
});

describe('answerOf', () => {
  it('reads confirm and cancel words, nothing else', () => {
    for (const yes of ['1', 'Sim', 'sim!', 'CONFIRMO', 'confirmar', 'ok', ' 1 ']) {
      expect(answerOf([yes]), yes).toBe('confirmed');
    }
    for (const no of ['2', 'Cancelar', 'cancela', 'Não vou', 'não vou.']) {
      expect(answerOf([no]), no).toBe('cancelled');
    }
    for (const other of ['Qual o endereço?', '12', 'sim, mas posso mudar?', '']) {
      expect(answerOf([other]), other).toBeNull();
    }
  });
});
