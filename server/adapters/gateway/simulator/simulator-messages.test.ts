import { describe, expect, it } from 'vitest';
import { createJid, lidFor, newMessageId } from './simulator-messages';

describe('createJid', () => {
  it('passes JIDs through and strips formatting from numbers', () => {
    expect(createJid('123@lid')).toBe('123@lid');
    expect(createJid('120363012345678901@g.us')).toBe('120363012345678901@g.us');
    expect(createJid('+55 (11) 98765-4321')).toBe('5511987654321@s.whatsapp.net');
    expect(createJid('5511987654321:12')).toBe('5511987654321@s.whatsapp.net');
    expect(createJid('120363012345678901')).toBe('120363012345678901@g.us');
  });

  it('drops the Brazilian 9th digit only for DDD ≥ 31 and a next digit ≥ 7', () => {
    expect(createJid('5531987654321')).toBe('553187654321@s.whatsapp.net');
    expect(createJid('5511987654321')).toBe('5511987654321@s.whatsapp.net');
    expect(createJid('5531934567890')).toBe('5531934567890@s.whatsapp.net');
  });
});

describe('ids', () => {
  it('makes unique web-style message ids and a stable LID per phone', () => {
    const ids = new Set(Array.from({ length: 100 }, newMessageId));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^3EB0[0-9A-F]{18}$/);
    expect(lidFor('5511987654321@s.whatsapp.net')).toBe(lidFor('5511987654321@s.whatsapp.net'));
    expect(lidFor('5511987654321@s.whatsapp.net')).toMatch(/^\d{15}@lid$/);
  });
});
