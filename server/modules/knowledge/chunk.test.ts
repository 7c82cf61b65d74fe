import { describe, expect, it } from 'vitest';
import { chunkSegments } from './chunk';

const contents = (text: string) => chunkSegments([{ text }]).map((c) => c.content);

describe('chunkSegments keeps a document’s lines', () => {
  it('keeps a menu line a line, and joins a line a PDF wrapped', () => {
    const text = [
      'Padaria São Jorge — Rua Barão de Jaguara, 1450, Centro',
      'Coxinha de frango: R$ 7,50',
      'Funcionamento: segunda a sábado das 6h às 20h. Fechado',
      'aos domingos.',
    ].join('\n');
    const [chunk] = chunkSegments([{ text, page: 1 }]);
    expect(chunk!.content).toBe(
      'Padaria São Jorge — Rua Barão de Jaguara, 1450, Centro\nCoxinha de frango: R$ 7,50\n' +
        'Funcionamento: segunda a sábado das 6h às 20h. Fechado aos domingos.',
    );
  });

  it('cuts a long list between lines: every line is whole in a chunk', () => {
    const lines = Array.from(
      { length: 30 },
      (_, i) => `Item ${i + 1} da lista de preços: R$ ${i},00`,
    );
    const chunks = chunkSegments([{ text: lines.join('\n') }], {
      targetChars: 200,
      overlapChars: 60,
    });
    expect(chunks.length).toBeGreaterThan(3);
    const chunkLines = new Set(chunks.flatMap((c) => c.content.split('\n')));
    for (const line of lines) expect(chunkLines).toContain(line);
    // Past the overlap (which starts at a word, as bench/retrieval.ts chose), lines are whole.
    for (const chunk of chunks.slice(1)) {
      for (const line of chunk.content.split('\n').slice(1)) expect(lines).toContain(line);
    }
  });
});

describe('chunkSegments and Markdown', () => {
  it('keeps a Markdown section’s heading and items on their lines, and joins wrapped prose', () => {
    expect(
      contents(
        '# Horário\n- Segunda a sexta: 7h às 19h\n- Sábado: 7h às 13h\n\nFazemos entregas em todo o\nbairro Jardim América.',
      ),
    ).toEqual([
      '# Horário\n- Segunda a sexta: 7h às 19h\n- Sábado: 7h às 13h\nFazemos entregas em todo o bairro Jardim América.',
    ]);
  });

  it('does not index what needs a template placeholder', () => {
    expect(
      contents(
        '# Pagamento\n- Pix (chave: [chave Pix])\n- Dinheiro\n\n# Entrega\n- Taxa: R$ [valor]',
      ),
    ).toEqual(['# Pagamento\n- Dinheiro']);
  });
});
