import { describe, expect, it } from 'vitest';
import { isPlausiblePhone, jidUser } from './phone';

describe('jidUser', () => {
  it('drops server and device', () => {
    expect(jidUser('5511987654321@s.whatsapp.net')).toBe('5511987654321');
    expect(jidUser('5511987654321:12@s.whatsapp.net')).toBe('5511987654321');
    expect(jidUser('123456789012345@lid')).toBe('123456789012345');
  });
});

describe('isPlausiblePhone', () => {
  it('needs 10 to 15 digits', () => {
    expect(isPlausiblePhone('11 98765-4321')).toBe(true);
    expect(isPlausiblePhone('123456789')).toBe(false);
    expect(isPlausiblePhone('1234567890123456')).toBe(false);
  });
});
