import { describe, expect, it } from 'vitest';
import {
  findPlaceholders,
  hasPlaceholder,
  placeholderStreamFilter,
  removePlaceholders,
  stripPlaceholderLines,
} from './placeholders';

describe('template placeholders', () => {
  it('are bracketed words, not citation marks, empty brackets or Markdown links', () => {
    expect(findPlaceholders('Pão: R$ [valor]; bolo R$ [valor]; [chave Pix]')).toEqual([
      '[valor]',
      '[chave Pix]',
    ]);
    expect(hasPlaceholder('veja o trecho [1] e [ ]')).toBe(false);
    expect(hasPlaceholder('[nosso site](https://example.com)')).toBe(false);
    expect(hasPlaceholder('exceto [marcas]]')).toBe(true);
  });

  it('take their list item or heading with them, and only their sentence in prose', () => {
    const text = [
      'Você é o atendente da [nome da padaria], uma padaria. Seja simpático.',
      '',
      '# A padaria',
      '- Nome: Pão Quente',
      '- Endereço: [rua, número, bairro e cidade]',
      '',
      '# Produtos e preços',
      '- Pão francês: R$ [valor] o quilo',
      '',
      '# Formas de pagamento',
      '- Pix (chave: [chave Pix])',
    ].join('\n');
    expect(stripPlaceholderLines(text)).toBe(
      ['Seja simpático.', '', '# A padaria', '- Nome: Pão Quente'].join('\n'),
    );
  });

  it('leave no bracket even when nested', () => {
    const out = stripPlaceholderLines('- Marcas: [ex.: nacionais, exceto [marcas]]\n- Ok');
    expect(out).toBe('- Ok');
  });

  it('are removed from a reply word by word, with their currency and what is left empty', () => {
    expect(removePlaceholders('O pão custa R$ [valor]. Aceitamos Pix (chave: [chave Pix]).')).toBe(
      'O pão custa. Aceitamos Pix.',
    );
    expect(removePlaceholders('Sem nada aqui [1].')).toBe('Sem nada aqui [1].');
  });

  it('are removed from a stream split anywhere, the deltas joined being the reply', () => {
    const reply = 'Sim! Aceitamos Pix (chave: [chave Pix]) e o bolo sai por R$ [valor] inteiro.';
    for (const size of [1, 2, 3, 5, 8, 13]) {
      const filter = placeholderStreamFilter();
      let out = '';
      for (let i = 0; i < reply.length; i += size) out += filter.push(reply.slice(i, i + size));
      out += filter.flush();
      expect(out, `deltas of ${size}`).not.toMatch(/\[|\]/);
      expect(out, `deltas of ${size}`).toBe(removePlaceholders(reply));
    }
  });
});
