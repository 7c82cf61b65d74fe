import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  formatLastActivity,
  formatPhone,
  formatUptime,
} from '@/features/whatsapp/lib/format';

const t = ((key: string, options?: { count?: number }) =>
  options?.count === undefined
    ? key
    : `${key}:${options.count}`) as unknown as TFunction<'whatsapp'>;

describe('WhatsApp display rules', () => {
  const now = Date.parse('2026-03-10T15:00:00Z');
  it('says how long ago the last activity was', () => {
    expect(formatLastActivity('2026-03-10T14:59:30Z', t, 'pt-BR', now)).toBe('time.justNow');
    expect(formatLastActivity('2026-03-10T14:45:00Z', t, 'pt-BR', now)).toBe('time.minutesAgo:15');
    expect(formatLastActivity('2026-03-10T12:00:00Z', t, 'pt-BR', now)).toBe('time.hoursAgo:3');
    expect(formatLastActivity('2026-03-08T12:00:00Z', t, 'pt-BR', now)).toBe('08/03/2026, 09:00');
  });

  it('formats durations, uptime and phone numbers', () => {
    expect(formatDuration(850, 'pt-BR')).toBe('850 ms');
    expect(formatDuration(1234, 'pt-BR')).toBe('1,2 s');
    expect(formatUptime('2026-03-10T11:48:00Z', now)).toBe('3 h 12 min');
    expect(formatPhone('5511912345678')).toBe('+55 11 91234-5678');
    expect(formatPhone('123')).toBe('123');
    expect(formatPhone('21998765432')).toBe('+55 21 99876-5432');
    expect(formatPhone('1133334444')).toBe('+55 11 3333-4444');
  });
});
