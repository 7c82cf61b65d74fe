import { describe, expect, it } from 'vitest';
import { newMessage } from './chat-message';
import { buildChatExport, exportFileName } from './export-chat';

describe('buildChatExport', () => {
  it('keeps role, content and timestamp of finished messages only', () => {
    const greeting = newMessage('assistant', 'Hello!');
    const question = newMessage('user', 'Vocês entregam?', { kind: 'voice' });
    const answer = newMessage('assistant', 'Sim', { offline: true, citations: [] });
    const pending = newMessage('assistant', 'Fazem', { streaming: true });
    const data = buildChatExport(
      { id: 7, name: 'Padaria' },
      [greeting, question, answer, pending],
      new Date('2025-05-01T12:00:00Z'),
    );
    expect(data).toEqual({
      agent: { id: 7, name: 'Padaria' },
      exportedAt: '2025-05-01T12:00:00.000Z',
      messages: [
        { role: 'assistant', content: 'Hello!', timestamp: greeting.timestamp },
        { role: 'user', content: 'Vocês entregam?', timestamp: question.timestamp },
        { role: 'assistant', content: 'Sim', timestamp: answer.timestamp },
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
