import { describe, expect, it } from 'vitest';
import { formatWait, pickLanguage, translate } from './i18n';

describe('pickLanguage', () => {
  it.each([
    [undefined, 'pt-BR'],
    ['', 'pt-BR'],
    ['pt-BR,pt;q=0.9', 'pt-BR'],
    ['en-US,en;q=0.9', 'en'],
    ['fr-FR,en;q=0.5', 'en'],
    ['en;q=0.3,pt;q=0.8', 'pt-BR'],
    ['de-DE', 'pt-BR'],
  ])('%s → %s', (header, expected) => {
    expect(pickLanguage(header)).toBe(expected);
  });
});

describe('translate', () => {
  it('interpolates and falls back to a generic message for unknown keys', () => {
    expect(translate('codes.RATE_LIMITED', 'pt-BR', { wait: '12 segundos' })).toBe(
      'Muitas tentativas. Aguarde 12 segundos e tente novamente.',
    );
    expect(translate('nope.nothing', 'en')).toBe('Invalid value');
  });
});

describe('formatWait', () => {
  it.each([
    [1, 'pt-BR', '1 segundo'],
    [12, 'pt-BR', '12 segundos'],
    [59.2, 'pt-BR', '1 minuto'],
    [60, 'pt-BR', '1 minuto'],
    [61, 'pt-BR', '2 minutos'],
    [900, 'pt-BR', '15 minutos'],
    [3600, 'pt-BR', '60 minutos'],
    [1, 'en', '1 second'],
    [45, 'en', '45 seconds'],
    [60, 'en', '1 minute'],
    [840, 'en', '14 minutes'],
  ] as const)('%s s in %s → %s', (seconds, lang, expected) => {
    expect(formatWait(seconds, lang)).toBe(expected);
  });

  it('says “a moment” when the wait is unknown', () => {
    expect(formatWait(undefined, 'pt-BR')).toBe('alguns instantes');
    expect(formatWait(0, 'en')).toBe('a moment');
  });
});
