import { describe, expect, it } from 'vitest';
import { customerPhoneKey } from './appointments.service';
import { slugBase } from './booking-page.service';

describe('booking page slug', () => {
  it('is the agent’s name without accents, in lower case, words joined by hyphens', () => {
    expect(slugBase('Padaria do João')).toBe('padaria-do-joao');
    expect(slugBase('  Salão & Estética — Ana!  ')).toBe('salao-estetica-ana');
    expect(slugBase('Çà et là 2')).toBe('ca-et-la-2');
  });

  it('is never empty nor longer than 48 characters, and never ends with a hyphen', () => {
    expect(slugBase('!!!')).toBe('agenda');
    expect(slugBase('🙂')).toBe('agenda');
    const long = slugBase('Barbearia '.repeat(10));
    expect(long.length).toBeLessThanOrEqual(48);
    expect(long.endsWith('-')).toBe(false);
  });
});

describe('customer phone key', () => {
  it('gives one form to the ways a Brazilian number is written', () => {
    for (const phone of ['(11) 98765-4321', '11987654321', '+55 11 98765-4321', '551187654321']) {
      expect(customerPhoneKey(phone)).toBe('5511987654321');
    }
    expect(customerPhoneKey('(11) 3333-4444')).toBe('551133334444');
  });

  it('keeps a number written with + in another country as it is', () => {
    expect(customerPhoneKey('+1 415 555 0100')).toBe('14155550100');
    expect(customerPhoneKey('+351 912 345 678')).toBe('351912345678');
  });
});
