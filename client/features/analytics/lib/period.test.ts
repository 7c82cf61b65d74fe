import { describe, expect, it } from 'vitest';
import { addDays, eachDay, lastDays, todayIn } from './period';

describe('report periods', () => {
  it("counts today in the owner's zone, not the browser's", () => {
    // 02:30 UTC on Dec 1st is still Nov 30th in São Paulo (UTC−3)
    const now = new Date('2026-12-01T02:30:00Z');
    expect(todayIn('America/Sao_Paulo', now)).toBe('2026-11-30');
    expect(todayIn('Asia/Tokyo', now)).toBe('2026-12-01');
  });

  it('gives the last N days, today included, across a month end', () => {
    const now = new Date('2026-12-02T12:00:00Z');
    expect(lastDays(7, 'America/Sao_Paulo', now)).toEqual({ from: '2026-11-26', to: '2026-12-02' });
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(eachDay({ from: '2026-02-27', to: '2026-03-01' })).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ]);
  });
});
