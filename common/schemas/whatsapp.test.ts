import { describe, expect, it } from 'vitest';
import { createWhatsappInstanceSchema } from './whatsapp';

const parse = (phoneNumber: string) => createWhatsappInstanceSchema.safeParse({ phoneNumber });
const messages = (phoneNumber: string) => {
  const result = parse(phoneNumber);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('the phone of a new WhatsApp instance', () => {
  it('accepts the usual ways of writing a number and keeps the digits', () => {
    for (const written of ['5511955554444', '+55 (11) 95555-4444', '55 11 95555.4444']) {
      expect(parse(written)).toMatchObject({
        success: true,
        data: { phoneNumber: '5511955554444' },
      });
    }
  });

  it('says a letter is a typo instead of dropping it ("(11) 9abc" must not become "119")', () => {
    expect(messages('(11) 9abc')).toEqual(['whatsapp.phoneChars']);
  });

  it('one message each: required, too short, too long', () => {
    expect(messages('')).toEqual(['whatsapp.phoneRequired']);
    expect(messages('(11) 999')).toEqual(['whatsapp.phoneMin']);
    expect(messages('1234567890123456')).toEqual(['whatsapp.phoneMax']);
  });
});
