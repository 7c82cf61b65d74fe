import { describe, expect, it } from 'vitest';
import { chunkSegments } from './chunk';

const contents = (text: string) => chunkSegments([{ text }]).map((c) => c.content);

describe('chunkSegments', () => {
  it('keeps a Markdown section’s heading and items on their lines, and joins wrapped prose', () => {
    expect(
      contents(
        '# Horário\n- Segunda a sexta: 7h às 19h\n- Sábado: 7h às 13h\n\nFazemos entregas em todo o\nbairro Jardim América.',
      ),
    ).toEqual([
      '# Horário\n- Segunda a sexta: 7h às 19h\n- Sábado: 7h às 13h\nFazemos entregas em todo o bairro Jardim América.',
    ]);
  });

  it('does not index what needs a template placeholder (issue 42)', () => {
    expect(
      contents(
        '# Pagamento\n- Pix (chave: [chave Pix])\n- Dinheiro\n\n# Entrega\n- Taxa: R$ [valor]',
      ),
    ).toEqual(['# Pagamento\n- Dinheiro']);
  });
});
