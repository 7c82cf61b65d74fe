import { describe, expect, it } from 'vitest';
import { parseInline, parseMessage, safeHref } from './format';

describe('the widget’s reading of model output', () => {
  it('keeps hostile HTML as plain text (it is later set with textContent)', () => {
    const hostile = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    expect(parseMessage(hostile)).toEqual([
      { kind: 'paragraph', lines: [[{ kind: 'text', text: hostile }]] },
    ]);
  });

  it('makes links only of absolute http(s) URLs', () => {
    const js = parseInline('[clique](javascript:alert(1))');
    expect(js.every((part) => part.kind === 'text')).toBe(true);
    expect(js[0]).toEqual({ kind: 'text', text: 'clique' });
    expect(parseInline('[x](data:text/html,<b>)')).toEqual([{ kind: 'text', text: 'x' }]);
    expect(parseInline('[x](/relativo)')).toEqual([{ kind: 'text', text: 'x' }]);
    expect(parseInline('veja [o site](https://loja.com.br/a?b=1) agora')).toEqual([
      { kind: 'text', text: 'veja ' },
      { kind: 'link', text: 'o site', href: 'https://loja.com.br/a?b=1' },
      { kind: 'text', text: ' agora' },
    ]);
    expect(safeHref('JaVaScRiPt:alert(1)')).toBeNull();
    expect(safeHref('http://exemplo.com')).toBe('http://exemplo.com/');
  });

  it('links bare URLs without swallowing the final punctuation', () => {
    expect(parseInline('Acesse https://loja.com.br/pedidos.')).toEqual([
      { kind: 'text', text: 'Acesse ' },
      { kind: 'link', text: 'https://loja.com.br/pedidos', href: 'https://loja.com.br/pedidos' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('reads bold, italic and code, and keeps unmatched markers as text', () => {
    expect(parseInline('**Pix**, *cartão* e `PIX-123` e 2 * 3')).toEqual([
      { kind: 'bold', text: 'Pix' },
      { kind: 'text', text: ', ' },
      { kind: 'italic', text: 'cartão' },
      { kind: 'text', text: ' e ' },
      { kind: 'code', text: 'PIX-123' },
      { kind: 'text', text: ' e 2 * 3' },
    ]);
  });

  it('splits paragraphs on blank lines, keeps line breaks and reads bullet lists', () => {
    const blocks = parseMessage('Olá!\nTemos:\n\n- pão\n* bolo\n2. café\n\nAté logo');
    expect(blocks).toEqual([
      {
        kind: 'paragraph',
        lines: [[{ kind: 'text', text: 'Olá!' }], [{ kind: 'text', text: 'Temos:' }]],
      },
      {
        kind: 'list',
        items: [
          [{ kind: 'text', text: 'pão' }],
          [{ kind: 'text', text: 'bolo' }],
          [{ kind: 'text', text: 'café' }],
        ],
      },
      { kind: 'paragraph', lines: [[{ kind: 'text', text: 'Até logo' }]] },
    ]);
  });
});
