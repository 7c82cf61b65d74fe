import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayIn,
  dayInWords,
  daysOfView,
  groupByDay,
  shiftAnchor,
  timeIn,
  weekOf,
  weekdayNames,
} from './calendar';

describe('agenda calendar', () => {
  it('reads the day and time of an instant in the time zone, not in UTC', () => {
    // 01:30 UTC on the 6th is still the 5th, 22:30, in São Paulo.
    expect(dayIn('2026-12-06T01:30:00Z', 'America/Sao_Paulo')).toBe('2026-12-05');
    expect(timeIn('2026-12-06T01:30:00Z', 'America/Sao_Paulo')).toBe('22:30');
    expect(timeIn('2026-12-05T14:30:00-03:00', 'America/Manaus')).toBe('13:30');
  });

  it('builds the week Sunday first, across a month and a year', () => {
    expect(weekOf('2026-12-31')).toEqual([
      '2026-12-27',
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
    expect(weekOf('2026-12-27')[0]).toBe('2026-12-27');
  });

  it('moves a day view by a day and a week view by a week', () => {
    expect(shiftAnchor('day', '2026-02-28', 1)).toBe('2026-03-01');
    expect(shiftAnchor('week', '2026-12-01', -1)).toBe('2026-11-24');
    expect(daysOfView('day', '2026-12-01')).toEqual(['2026-12-01']);
    expect(daysOfView('week', '2026-12-01')).toHaveLength(7);
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('groups items by their day in the zone, in time order, with empty days kept', () => {
    const items = [
      { id: 1, startsAt: '2026-12-05T15:00:00-03:00' },
      { id: 2, startsAt: '2026-12-05T09:00:00-03:00' },
      { id: 3, startsAt: '2026-12-07T01:00:00Z' },
    ];
    const groups = groupByDay(items, ['2026-12-05', '2026-12-06'], 'America/Sao_Paulo');
    expect(groups.get('2026-12-05')?.map((i) => i.id)).toEqual([2, 1]);
    expect(groups.get('2026-12-06')?.map((i) => i.id)).toEqual([3]);
  });

  it('says a day in words in each language', () => {
    expect(dayInWords('2025-12-05', 'pt-BR')).toBe('sexta-feira, 5 de dezembro');
    expect(dayInWords('2025-12-05', 'en')).toBe('Friday, December 5');
    expect(weekdayNames('pt-BR')[0]).toBe('domingo');
  });
});
