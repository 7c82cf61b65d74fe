import { describe, expect, it } from 'vitest';
import { reminderText } from './reminders.service';

describe('reminderText', () => {
  const appointment = {
    customerName: 'Marta Lima',
    serviceName: 'Consulta',
    // Saturday 2026-11-28 10:00 in São Paulo
    startsAt: new Date('2026-11-28T13:00:00Z'),
  };
  const now = new Date('2026-11-27T13:00:00Z');

  it('speaks Portuguese for a Portuguese agent (and any language without a catalogue)', () => {
    const expected =
      'Olá, Marta! Lembrete: Consulta amanhã, sábado 28/11 às 10:00. ' +
      'Responda 1 para confirmar ou 2 para cancelar.';
    for (const agentLanguage of ['pt', 'es']) {
      expect(reminderText({ ...appointment, agentLanguage }, 'America/Sao_Paulo', now)).toBe(
        expected,
      );
    }
  });

  it('speaks English for an English-speaking agent, dates the English way', () => {
    const text = reminderText(
      { ...appointment, agentLanguage: 'en' },
      'America/Sao_Paulo',
      now,
      'confirmed',
    );
    expect(text).toBe(
      'Thank you, Marta! Your Consulta on Saturday 11/28 at 10:00 is confirmed. See you then!',
    );
  });
});
