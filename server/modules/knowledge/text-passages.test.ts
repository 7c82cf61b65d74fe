import { describe, expect, it } from 'vitest';
import { rankTextPassages, splitIntoPassages } from './text-passages';

const text = [
  'Funcionamos de segunda a sábado, das 8h às 18h.',
  'Fazemos entregas no bairro com taxa de R$ 5,00.',
  'Aceitamos Pix e cartão.',
].join('\n\n');

describe('rankTextPassages', () => {
  it('finds the passage across accents and word forms', () => {
    expect(rankTextPassages(text, 'qual o horário de funcionamento?')[0]!.content).toContain(
      'Funcionamos',
    );
    expect(rankTextPassages(text, 'voces fazem entrega?')[0]!.content).toContain('entregas');
    expect(rankTextPassages(text, 'aceita cartao?')[0]!.content).toContain('cartão');
  });

  it('returns nothing for unrelated questions or empty knowledge', () => {
    expect(rankTextPassages(text, 'bolo de casamento')).toEqual([]);
    expect(rankTextPassages(null, 'entrega')).toEqual([]);
    expect(rankTextPassages(text, 'o que é?')).toEqual([]);
  });
});

describe('splitIntoPassages', () => {
  it('splits long paragraphs on sentence boundaries', () => {
    const long = Array.from({ length: 40 }, (_, i) => `Frase número ${i} sobre o assunto.`).join(
      ' ',
    );
    const parts = splitIntoPassages(long, 200);
    expect(parts.length).toBeGreaterThan(5);
    expect(parts.every((p) => p.length <= 200)).toBe(true);
    expect(parts.join(' ')).toBe(long);
  });
});
