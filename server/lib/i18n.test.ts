import { describe, expect, it } from 'vitest';
import { pickLanguage, translate } from './i18n';

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
    expect(translate('codes.RATE_LIMITED', 'pt-BR', { seconds: 12 })).toBe(
      'Muitas tentativas. Aguarde 12 segundos e tente novamente.',
    );
    expect(translate('nope.nothing', 'en')).toBe('Invalid value');
  });
});
