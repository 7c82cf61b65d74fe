import { describe, expect, it } from 'vitest';
import {
  botState,
  contactNumber,
  formatClock,
  isBotPaused,
} from '@/features/conversations/lib/display';

describe('conversation display', () => {
  it('groups a Brazilian number and drops the JID suffix', () => {
    expect(contactNumber('5511987654321@s.whatsapp.net')).toBe('+55 11 98765-4321');
    expect(contactNumber('5511987654321')).toBe('+55 11 98765-4321');
    expect(contactNumber('123456')).toBe('123456');
  });

  it('shows only the time for today and the date otherwise (São Paulo)', () => {
    const now = new Date('2026-03-10T15:00:00Z');
    expect(formatClock('2026-03-10T13:05:00Z', 'pt-BR', now)).toBe('10:05');
    expect(formatClock('2026-03-08T13:05:00Z', 'pt-BR', now)).toBe('08/03/2026, 10:05');
  });

  it('knows whether the takeover pause still lasts', () => {
    const now = Date.parse('2026-03-10T15:00:00Z');
    expect(isBotPaused(null, now)).toBe(false);
    expect(isBotPaused('2026-03-10T15:30:00Z', now)).toBe(true);
    expect(isBotPaused('2026-03-10T14:30:00Z', now)).toBe(false);
  });

  it('shows a handed-over conversation as needing a person, as the inbox does', () => {
    const now = Date.parse('2026-03-10T15:00:00Z');
    expect(botState({ handedOver: true, botPausedUntil: null }, now)).toBe('person');
    expect(botState({ handedOver: true, botPausedUntil: '2026-03-10T15:30:00Z' }, now)).toBe(
      'person',
    );
    expect(botState({ handedOver: false, botPausedUntil: '2026-03-10T15:30:00Z' }, now)).toBe(
      'paused',
    );
    expect(botState({ handedOver: false, botPausedUntil: '2026-03-10T14:30:00Z' }, now)).toBe(
      'active',
    );
  });
});
