import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import pt from '../../../locales/pt-BR/whatsapp.json';
import en from '../../../locales/en/whatsapp.json';
import { followUpChoices, followUpLabel, toggleFollowUp } from './follow-up-delays';

const i18n = i18next.createInstance();
await i18n.init({
  lng: 'pt-BR',
  resources: { 'pt-BR': { whatsapp: pt }, en: { whatsapp: en } },
  ns: ['whatsapp'],
  defaultNS: 'whatsapp',
  interpolation: { escapeValue: false },
});

describe('follow-up choices', () => {
  it('offers the usual delays and any saved one, shortest first', () => {
    expect(followUpChoices([3, 22])).toEqual([0.5, 1, 3, 6, 12, 22]);
    expect(followUpChoices([0.75, 3, 23])).toEqual([0.5, 0.75, 1, 3, 6, 12, 22, 23]);
  });

  it('checks up to three, kept shortest first; unchecks any', () => {
    expect(toggleFollowUp([22], 3, true)).toEqual([3, 22]);
    expect(toggleFollowUp([1, 3, 22], 12, true)).toEqual([1, 3, 22]);
    expect(toggleFollowUp([3, 22], 3, true)).toEqual([3, 22]);
    expect(toggleFollowUp([3, 22], 3, false)).toEqual([22]);
    expect(toggleFollowUp([3], 3, false)).toEqual([]);
  });

  it('names each delay in hours or minutes, in either language', () => {
    const pt = i18n.getFixedT('pt-BR', 'whatsapp');
    expect(followUpLabel(0.5, pt, 'pt-BR')).toBe('depois de 30 minutos');
    expect(followUpLabel(0.25, pt, 'pt-BR')).toBe('depois de 15 minutos');
    expect(followUpLabel(1, pt, 'pt-BR')).toBe('depois de 1 hora');
    expect(followUpLabel(1.5, pt, 'pt-BR')).toBe('depois de 1,5 hora');
    expect(followUpLabel(3, pt, 'pt-BR')).toBe('depois de 3 horas');
    expect(followUpLabel(22, pt, 'pt-BR')).toBe('depois de 22 horas');
    const en = i18n.getFixedT('en', 'whatsapp');
    expect(followUpLabel(0.5, en, 'en')).toBe('after 30 minutes');
    expect(followUpLabel(1, en, 'en')).toBe('after 1 hour');
    expect(followUpLabel(1.5, en, 'en')).toBe('after 1.5 hours');
    expect(followUpLabel(3, en, 'en')).toBe('after 3 hours');
  });
});
