import { describe, expect, it } from 'vitest';
import { newMessage } from './chat-message';
import { buildChatExport, exportFileName } from './export-chat';

describe('buildChatExport', () => {
  it('keeps finished messages with the sources shown under each reply', () => {
    const greeting = newMessage('assistant', 'Olá! Eu sou Padaria.');
    const question = newMessage('user', 'Vocês entregam?', { kind: 'voice' });
    const answer = newMessage('assistant', 'Fazemos entregas no Centro.', {
      offline: true,
      citations: [
        { source: 'Base de conhecimento', excerpt: 'Fazemos entregas no Centro.', score: 0.8 },
        {
          source: 'cardapio.pdf',
          excerpt: 'Taxa de entrega: R$ 7,00',
          score: 0.4,
          documentId: 3,
          page: 2,
        },
      ],
    });
    const question2 = newMessage('user', 'Tem estacionamento?');
    const unknown = newMessage('assistant', 'Não tenho essa informação.', {
      offline: false,
      citations: [],
    });
    const pending = newMessage('assistant', 'Fazem', { streaming: true });
    const data = buildChatExport(
      { id: 7, name: 'Padaria' },
      [greeting, question, answer, question2, unknown, pending],
      new Date('2025-05-01T12:00:00Z'),
    );
    expect(data).toEqual({
      agent: { id: 7, name: 'Padaria' },
      exportedAt: '2025-05-01T12:00:00.000Z',
      messages: [
        { role: 'assistant', content: 'Olá! Eu sou Padaria.', timestamp: greeting.timestamp },
        { role: 'user', content: 'Vocês entregam?', timestamp: question.timestamp },
        {
          role: 'assistant',
          content: 'Fazemos entregas no Centro.',
          timestamp: answer.timestamp,
          offline: true,
          sources: [
            { source: 'Base de conhecimento', page: null, excerpt: 'Fazemos entregas no Centro.' },
            { source: 'cardapio.pdf', page: 2, excerpt: 'Taxa de entrega: R$ 7,00' },
          ],
        },
        { role: 'user', content: 'Tem estacionamento?', timestamp: question2.timestamp },
        {
          role: 'assistant',
          content: 'Não tenho essa informação.',
          timestamp: unknown.timestamp,
          offline: false,
          sources: [],
        },
      ],
    });
  });
});

describe('exportFileName', () => {
  it('turns the agent name into an ASCII slug with the date', () => {
    expect(exportFileName('Padaria Pão Quente!', new Date('2025-05-01T12:00:00Z'))).toBe(
      'chat-padaria-pao-quente-2025-05-01.json',
    );
    expect(exportFileName('???', new Date('2025-05-01T12:00:00Z'))).toBe(
      'chat-agente-2025-05-01.json',
    );
  });
});
