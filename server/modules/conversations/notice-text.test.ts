import { describe, expect, it } from 'vitest';
import { noticeText, openingText } from './notice-text';

const SP = 'America/Sao_Paulo';
// Wednesday 2026-12-02, 22:00 in São Paulo (UTC−3)
const now = new Date('2026-12-03T01:00:00Z');

describe('openingText', () => {
  it('says today, tomorrow, the weekday within the week and the date beyond it', () => {
    expect(openingText(new Date('2026-12-03T02:30:00Z'), SP, now, 'pt-BR')).toBe('hoje, 23:30');
    expect(openingText(new Date('2026-12-03T11:00:00Z'), SP, now, 'pt-BR')).toBe('amanhã, 08:00');
    expect(openingText(new Date('2026-12-07T11:00:00Z'), SP, now, 'pt-BR')).toBe(
      'segunda-feira, 08:00',
    );
    expect(openingText(new Date('2026-12-14T12:30:00Z'), SP, now, 'pt-BR')).toBe(
      'segunda-feira, 14/12, 09:30',
    );
    expect(openingText(new Date('2026-12-07T11:00:00Z'), SP, now, 'en')).toBe('Monday, 8:00 AM');
  });

  it('reads the days in the agent’s zone, not the server’s', () => {
    // 01:00 UTC on Thursday is still Wednesday in São Paulo: the same opening is tomorrow there
    // (above) and today in UTC
    expect(openingText(new Date('2026-12-03T11:00:00Z'), 'UTC', now, 'pt-BR')).toBe('hoje, 11:00');
  });
});

describe('noticeText', () => {
  const opening = new Date('2026-12-07T11:00:00Z');
  it('is the owner’s message in message mode, the catalogue’s when they left it blank', () => {
    const hours = { timezone: SP, outOfHours: 'message' as const, outOfHoursMessage: ' Fechado! ' };
    expect(noticeText(hours, opening, now, 'pt-BR')).toBe('Fechado!');
    expect(noticeText({ ...hours, outOfHoursMessage: '' }, opening, now, 'pt-BR')).toBe(
      'Olá! Estamos fora do horário de atendimento. Recebemos sua mensagem e uma pessoa da equipe responde a partir de segunda-feira, 08:00.',
    );
  });

  it('says when a person replies in answer mode, or "as soon as possible" with no opening', () => {
    const hours = { timezone: SP, outOfHours: 'answer' as const, outOfHoursMessage: 'ignored' };
    expect(noticeText(hours, opening, now, 'pt-BR')).toBe(
      'Estamos fora do horário de atendimento. Uma pessoa da equipe responde a partir de segunda-feira, 08:00.',
    );
    expect(noticeText(hours, null, now, 'pt-BR')).toBe(
      'Estamos fora do horário de atendimento. Uma pessoa da equipe responde assim que possível.',
    );
  });
});
