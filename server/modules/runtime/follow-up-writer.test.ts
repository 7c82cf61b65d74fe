import { describe, expect, it } from 'vitest';
import { followUpTemplate } from './follow-up-writer';

describe('followUpTemplate (offline follow-ups)', () => {
  const base = { attempt: 1, reason: 'question' as const, contactName: null, interest: null };

  it('asks about what was open, by the first name, in the agent language', () => {
    expect(followUpTemplate({ ...base, contactName: 'Maria Souza', language: 'pt' })).toBe(
      'Oi, Maria! Passando para saber se ficou alguma dúvida. Posso ajudar em algo mais?',
    );
    expect(followUpTemplate({ ...base, language: 'en' })).toBe(
      'Hi! Just checking whether you have any questions left. Can I help with anything else?',
    );
  });

  it('names the interest, and only offers help after the first', () => {
    expect(
      followUpTemplate({
        ...base,
        reason: 'interest',
        interest: 'Corte de cabelo',
        language: 'pt',
      }),
    ).toBe('Oi! Ainda tem interesse em Corte de cabelo? Se quiser, sigo com você por aqui.');
    expect(followUpTemplate({ ...base, attempt: 2, language: 'es' })).toBe(
      'Oi! Continuo à disposição. Se quiser seguir, é só responder esta mensagem.',
    );
  });
});
