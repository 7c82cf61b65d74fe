import { describe, expect, it } from 'vitest';
import {
  testConnectionEvent,
  testMessageEvent,
  withCountryCode,
} from '@/features/whatsapp/lib/test-envelopes';

describe('test tool envelopes', () => {
  it('prefixes the phone with 55 once', () => {
    expect(withCountryCode('11999999999')).toBe('5511999999999');
    expect(withCountryCode('(11) 98888-7777')).toBe('5511988887777');
    expect(withCountryCode('5511999999999')).toBe('5511999999999');
    expect(withCountryCode('5599999999')).toBe('555599999999');
  });

  it('builds the simplified MESSAGES_UPSERT shape', () => {
    const now = Date.parse('2026-03-10T15:00:00Z');
    expect(testMessageEvent('agent-7', '11999999999', 'Olá', now, 'ID1')).toEqual({
      event: 'MESSAGES_UPSERT',
      instance: 'agent-7',
      data: {
        messages: [
          {
            key: { remoteJid: '5511999999999@s.whatsapp.net', fromMe: false, id: 'ID1' },
            message: { conversation: 'Olá' },
            messageTimestamp: now / 1000,
          },
        ],
      },
    });
  });

  it('builds CONNECTION_UPDATE', () => {
    expect(testConnectionEvent('agent-7', 'open')).toEqual({
      event: 'CONNECTION_UPDATE',
      instance: 'agent-7',
      data: { state: 'open' },
    });
  });
});
