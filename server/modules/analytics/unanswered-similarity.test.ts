import { describe, expect, it } from 'vitest';
import { mostSimilar, questionStems, similarity } from './unanswered-similarity';

describe('unanswered questions: similarity', () => {
  it('reads the same question in other words, accents and case as the same words', () => {
    const a = questionStems('Vocês entregam em Niterói?', 'pt');
    expect(a).toEqual(['entreg', 'nitero']);
    expect(questionStems('vcs fazem entrega em niteroi??', 'pt')).toEqual(a);
    expect(similarity(a, questionStems('Vocês fazem entrega pra Niterói?', 'pt'))).toBeCloseTo(
      2 / 3,
    );
  });

  it('tells different questions apart', () => {
    // "aceitam" is how both ask (a filler word of lib/customer-vocabulary.ts): nothing is shared.
    expect(
      similarity(
        questionStems('Aceitam cartão de crédito?', 'pt'),
        questionStems('Aceitam pix?', 'pt'),
      ),
    ).toBe(0);
  });

  it('joins the most similar group above the threshold, or none', () => {
    const groups = [
      { id: 1, stems: questionStems('Aceitam pix?', 'pt') },
      { id: 2, stems: questionStems('Entregam em Niterói?', 'pt') },
    ];
    expect(mostSimilar(questionStems('Fazem entrega em Niterói?', 'pt'), groups)?.id).toBe(2);
    expect(mostSimilar(questionStems('Tem estacionamento?', 'pt'), groups)).toBeNull();
  });

  it('compares questions without a meaningful word only with each other', () => {
    expect(similarity([], [])).toBe(1);
    expect(similarity([], ['entreg'])).toBe(0);
  });
});
