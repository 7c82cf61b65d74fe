import { describe, expect, it } from 'vitest';
import { contactLabel, formatPhone, formatWhen } from './display';

describe('inbox display', () => {
  it('groups a Brazilian mobile and keeps other numbers as digits', () => {
    expect(formatPhone('5511987654321')).toBe('+55 11 98765-4321');
    expect(formatPhone('551133334444')).toBe('+55 11 3333-4444');
    expect(formatPhone('+1 (202) 555-0100')).toBe('12025550100');
  });

  it('names a contact by name, else phone, else nothing', () => {
    expect(contactLabel({ id: 'x', name: ' Maria ', phone: '5511987654321' })).toBe('Maria');
    expect(contactLabel({ id: 'x', name: null, phone: '5511987654321' })).toBe('+55 11 98765-4321');
    expect(contactLabel({ id: 'v-1', name: null, phone: null })).toBeNull();
  });

  it('shows only the time for today and the date for other days, in São Paulo time', () => {
    const now = new Date('2026-11-26T15:00:00Z');
    expect(formatWhen('2026-11-26T13:05:00Z', 'pt-BR', now)).toBe('10:05');
    expect(formatWhen('2026-11-20T13:05:00Z', 'pt-BR', now)).toBe('20/11/2026, 10:05');
  });
});
