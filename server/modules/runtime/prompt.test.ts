import { describe, expect, it } from 'vitest';
import { buildSystemPrompt, KNOWLEDGE_INLINE_LIMIT, memoryWindow, type ChatTurn } from './prompt';

const agent = {
  name: 'Pet Feliz',
  systemPrompt: 'Você atende o pet shop Pet Feliz.',
  responseStyle: 'friendly',
  language: 'pt',
  knowledgeBase: 'Banho e tosa: R$ 60.',
};

describe('buildSystemPrompt', () => {
  it('assembles prompt, style, language, knowledge, passages with sources, and the grounding rule', () => {
    const prompt = buildSystemPrompt(agent, [
      { source: 'tabela.pdf', content: 'Consulta veterinária: R$ 120.', score: 1, page: 2 },
    ]);
    expect(prompt.startsWith('Você atende o pet shop Pet Feliz.')).toBe(true);
    expect(prompt).toContain('Você é "Pet Feliz".');
    expect(prompt).toContain('tom amigável');
    expect(prompt).toContain('Responda sempre em português do Brasil');
    expect(prompt).toContain('Banho e tosa: R$ 60.');
    expect(prompt).toContain('[1] (tabela.pdf, p. 2)\nConsulta veterinária: R$ 120.');
    expect(prompt).toContain('responda somente com base nas informações e trechos acima');
    expect(prompt).toContain('diga com honestidade que não tem essa informação');
  });

  it('leaves a very long knowledge base to the retrieved passages', () => {
    const long = 'x'.repeat(KNOWLEDGE_INLINE_LIMIT + 1);
    expect(buildSystemPrompt({ ...agent, knowledgeBase: long }, [])).not.toContain(long);
  });

  it('uses the agent language', () => {
    expect(buildSystemPrompt({ ...agent, language: 'es' }, [])).toContain(
      'Responda sempre em espanhol',
    );
  });
});

describe('memoryWindow', () => {
  const turns: ChatTurn[] = Array.from({ length: 10 }, (_, i) => ({
    role: i % 2 === 0 ? 'user' : 'assistant',
    content: `mensagem ${i} ${'.'.repeat(36)}`,
  }));

  it('keeps the most recent turns within the turn limit, starting on a user turn', () => {
    const window = memoryWindow(turns, { maxTurns: 5, maxTokens: 10_000 });
    expect(window.map((t) => t.content.split(' ')[1])).toEqual(['6', '7', '8', '9']);
    expect(window[0]!.role).toBe('user');
  });

  it('keeps within the token budget', () => {
    // each turn is ~12 tokens
    const window = memoryWindow(turns, { maxTurns: 100, maxTokens: 40 });
    expect(window.length).toBeLessThanOrEqual(3);
    expect(window.at(-1)!.content).toContain('mensagem 9');
  });
});
