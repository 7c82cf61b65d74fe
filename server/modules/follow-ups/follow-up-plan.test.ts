import { describe, expect, it } from 'vitest';
import type { Hours } from '../appointments';
import { followUpDueAt, followUpSendTime, openReason, WHATSAPP_WINDOW_MS } from './follow-up-plan';

const HOUR = 3_600_000;
const SP = 'America/Sao_Paulo';
const open = (agentText: string, customerText = 'Oi', more = {}) =>
  openReason({ agentText, customerText, interest: null, booked: false, ...more });

describe('openReason', () => {
  it('a question, a price or an unbooked interest is open', () => {
    expect(open('Quer que eu reserve para amanhã às 10h?')).toBe('question');
    expect(open('O corte sai por R$ 80,00.')).toBe('quote');
    expect(open('O bolo de 1 kg custa 90 reais.')).toBe('quote');
    expect(open('Temos horários amanhã.', 'quero cortar', { interest: 'Corte' })).toBe('interest');
  });

  it('nothing open, a booked interest, a goodbye or thanks is not', () => {
    expect(open('Funcionamos das 8h às 18h.')).toBeNull();
    expect(open('Temos horários amanhã.', 'quero', { interest: 'Corte', booked: true })).toBeNull();
    expect(open('Por nada! Tenha um ótimo dia.', 'Obrigado!', { interest: 'Corte' })).toBeNull();
    expect(open('Combinado, R$ 80,00 no local.', 'ok, obrigada')).toBeNull();
    expect(open('Até logo!', 'Valeu', { interest: 'Corte' })).toBeNull();
  });

  it('a question still open after the thanks is open', () => {
    expect(open('Imagina! Quer que eu já reserve?', 'obrigado')).toBe('question');
  });
});

describe('followUpDueAt', () => {
  const openAt = Date.UTC(2026, 10, 2, 12);
  it('each attempt its delay after the open message', () => {
    expect(followUpDueAt(openAt, [3, 22], 1, openAt).getTime()).toBe(openAt + 3 * HOUR);
    expect(followUpDueAt(openAt, [3, 22], 2, openAt + 3 * HOUR).getTime()).toBe(openAt + 22 * HOUR);
  });

  it('a later attempt whose time passed keeps its gap after the one before', () => {
    const now = openAt + 23 * HOUR;
    expect(followUpDueAt(openAt, [3, 22], 2, now).getTime()).toBe(now + 19 * HOUR);
  });
});

describe('followUpSendTime', () => {
  const now = Date.UTC(2026, 10, 2, 15); // a Monday, 12:00 in São Paulo
  const weekdays = (start: string, end: string): Hours => ({
    timezone: SP,
    holidays: [],
    weekly: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start, end, capacity: 1 })),
  });

  it('open now and inside the window: sent', () => {
    expect(followUpSendTime({ now, windowEnd: now + HOUR }, weekdays('08:00', '18:00'))).toEqual({
      action: 'send',
    });
  });

  it('closed now: at the opening when it is inside the window', () => {
    const decision = followUpSendTime(
      { now, windowEnd: now + WHATSAPP_WINDOW_MS },
      weekdays('14:00', '18:00'),
    );
    expect(decision).toEqual({ action: 'defer', at: new Date(Date.UTC(2026, 10, 2, 17)) });
  });

  it('the opening past the window, or the window over: skipped', () => {
    expect(followUpSendTime({ now, windowEnd: now + HOUR }, weekdays('14:00', '18:00'))).toEqual({
      action: 'skip',
      reason: 'window',
    });
    expect(followUpSendTime({ now, windowEnd: now }, weekdays('08:00', '18:00'))).toEqual({
      action: 'skip',
      reason: 'window',
    });
    const holiday: Hours = { ...weekdays('08:00', '18:00'), holidays: ['2026-11-02'] };
    expect(followUpSendTime({ now, windowEnd: now + 2 * HOUR }, holiday)).toEqual({
      action: 'skip',
      reason: 'window',
    });
  });
});
