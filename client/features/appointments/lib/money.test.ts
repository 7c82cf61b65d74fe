import { describe, expect, it } from 'vitest';
import { formatBrl, parseBrl } from './money';

describe('prices in reais', () => {
  it('reads the ways Brazilians type a price', () => {
    expect(parseBrl('')).toBeNull();
    expect(parseBrl('45')).toBe(45);
    expect(parseBrl('45,9')).toBe(45.9);
    expect(parseBrl('R$ 1.250,00')).toBe(1250);
    expect(parseBrl('45.90')).toBe(45.9);
    expect(parseBrl('1.250')).toBe(1250);
  });

  it('turns anything else into NaN for the schema to refuse', () => {
    expect(parseBrl('abc')).toBeNaN();
    expect(parseBrl('-5')).toBeNaN();
    expect(parseBrl('4,5,6')).toBeNaN();
  });

  it('writes a price in the language', () => {
    expect(formatBrl(45.9, 'pt-BR').replace(/\s/g, ' ')).toBe('R$ 45,90');
    expect(formatBrl(45.9, 'en')).toBe('R$45.90');
  });
});
