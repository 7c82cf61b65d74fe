import { describe, expect, it } from 'vitest';
import { whatsappNumber } from './simulator-phone';

describe('whatsappNumber', () => {
  it('keeps a complete Brazilian mobile as digits', () => {
    expect(whatsappNumber('+55 (11) 98765-4321')).toBe('5511987654321');
  });

  it('adds the country code to a number typed without it', () => {
    expect(whatsappNumber('(11) 98765-4321')).toBe('5511987654321');
    expect(whatsappNumber('1133334444')).toBe('551133334444');
  });

  it('gives a mobile typed without the 9th digit its 9 back, but not a landline', () => {
    expect(whatsappNumber('55 11 8765-4321')).toBe('5511987654321');
    expect(whatsappNumber('55 11 3333-4444')).toBe('551133334444');
  });

  it('leaves other countries as they were typed', () => {
    expect(whatsappNumber('+351 912 345 678')).toBe('351912345678');
  });
});
