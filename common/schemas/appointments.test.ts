import { describe, expect, it } from 'vitest';
import { copyDayToAll } from './appointments';

describe('Copiar para todos os dias', () => {
  it('gives every weekday the windows of one, breaks and capacity included, and only those', () => {
    const week = [
      { weekday: 1, start: '09:00', end: '12:00', capacity: 2 },
      { weekday: 1, start: '13:00', end: '18:00', capacity: 1 },
      { weekday: 3, start: '10:00', end: '11:00', capacity: 1 },
    ];
    const copied = copyDayToAll(week, 1);
    expect(copied).toHaveLength(14);
    for (let weekday = 0; weekday < 7; weekday++) {
      expect(copied.filter((w) => w.weekday === weekday)).toEqual([
        { weekday, start: '09:00', end: '12:00', capacity: 2 },
        { weekday, start: '13:00', end: '18:00', capacity: 1 },
      ]);
    }
    // a closed day copied closes the week
    expect(copyDayToAll(week, 0)).toEqual([]);
  });
});
