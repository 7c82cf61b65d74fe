import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import pt from '../../../locales/pt-BR/appointments.json';
import en from '../../../locales/en/appointments.json';
import { reminderChoices, reminderLabel, toggleReminder } from './reminder-hours';

const i18n = i18next.createInstance();
await i18n.init({
  lng: 'pt-BR',
  resources: { 'pt-BR': { appointments: pt }, en: { appointments: en } },
  ns: ['appointments'],
  defaultNS: 'appointments',
  interpolation: { escapeValue: false },
});

describe('reminder choices', () => {
  it('offers the usual leads and any saved one, longest first', () => {
    expect(reminderChoices([24, 2])).toEqual([48, 24, 12, 4, 2, 1, 0.5]);
    expect(reminderChoices([24, 0.25])).toEqual([48, 24, 12, 4, 2, 1, 0.5, 0.25]);
  });

  it('checks up to three, kept longest first; unchecks any', () => {
    expect(toggleReminder([2], 24, true)).toEqual([24, 2]);
    expect(toggleReminder([48, 24, 2], 1, true)).toEqual([48, 24, 2]);
    expect(toggleReminder([24, 2], 24, true)).toEqual([24, 2]);
    expect(toggleReminder([24, 2], 24, false)).toEqual([2]);
  });

  it('names each lead in days, hours or minutes, in either language', () => {
    const pt = i18n.getFixedT('pt-BR', 'appointments');
    expect(reminderLabel(48, pt, 'pt-BR')).toBe('2 dias antes');
    expect(reminderLabel(24, pt, 'pt-BR')).toBe('1 dia antes');
    expect(reminderLabel(2, pt, 'pt-BR')).toBe('2 horas antes');
    expect(reminderLabel(1, pt, 'pt-BR')).toBe('1 hora antes');
    expect(reminderLabel(1.5, pt, 'pt-BR')).toBe('1,5 hora antes');
    expect(reminderLabel(0.5, pt, 'pt-BR')).toBe('30 minutos antes');
    const en = i18n.getFixedT('en', 'appointments');
    expect(reminderLabel(24, en, 'en')).toBe('1 day before');
    expect(reminderLabel(1.5, en, 'en')).toBe('1.5 hours before');
    expect(reminderLabel(0.25, en, 'en')).toBe('15 minutes before');
  });
});
