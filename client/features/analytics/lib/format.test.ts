import { describe, expect, it } from 'vitest';
import { formatBrl, formatDay, formatDuration, formatShare } from './format';

describe('report figures', () => {
  it('formats reais the Brazilian way, with more decimals under a cent', () => {
    expect(formatBrl(1234.5, 'pt-BR')).toBe('R$\u00a01.234,50');
    expect(formatBrl(0.0042, 'pt-BR')).toBe('R$\u00a00,0042');
    expect(formatBrl(0, 'pt-BR')).toBe('R$\u00a00,00');
  });

  it('gives shares, durations and days, or null when there is nothing to show', () => {
    expect(formatShare(3, 4, 'pt-BR')).toBe('75%');
    expect(formatShare(0, 0, 'pt-BR')).toBeNull();
    expect(formatDuration(null, 'pt-BR')).toBeNull();
    expect(formatDuration(2500, 'pt-BR')).toBe('2,5 s');
    expect(formatDuration(90_000, 'en')).toBe('1.5 min');
    expect(formatDay('2026-11-07', 'pt-BR')).toBe('07/11');
  });
});
