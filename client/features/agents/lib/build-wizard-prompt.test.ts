import { describe, expect, it } from 'vitest';
import { buildWizardPrompt, INSTRUCTIONS_HEADING, KNOWLEDGE_HEADING } from './build-wizard-prompt';

const base = {
  name: '  Luna  ',
  description: 'Atende os tutores do Pet Feliz',
  category: 'customer-service',
  style: 'friendly',
  language: 'pt',
} as const;

describe('buildWizardPrompt', () => {
  it('names the agent and takes its role from the category, its tone from the style', () => {
    const prompt = buildWizardPrompt(base);
    expect(prompt.startsWith('Você é Luna, um assistente de atendimento ao cliente')).toBe(true);
    expect(prompt).toContain('Sua função: Atende os tutores do Pet Feliz');
    expect(prompt).toContain('Seja amigável, acolhedor e próximo');
    expect(prompt).toContain('Responda sempre em português do Brasil');
    expect(prompt).toContain('Nunca invente preços');
  });

  it('follows the category, style and language chosen', () => {
    const prompt = buildWizardPrompt({
      ...base,
      category: 'legal',
      style: 'expert',
      language: 'es',
    });
    expect(prompt).toContain('assistente de triagem jurídica');
    expect(prompt).toContain('Fale como um especialista experiente');
    expect(prompt).toContain('Responda sempre em espanhol');
  });

  it('appends the knowledge under its own heading, after the special instructions', () => {
    const prompt = buildWizardPrompt({
      ...base,
      customInstructions: ' Sempre ofereça o leva e traz. ',
      knowledgeBase: '\nBanho: R$ 50\nTosa: R$ 70\n',
    });
    expect(prompt).toContain(`${INSTRUCTIONS_HEADING}\nSempre ofereça o leva e traz.`);
    expect(prompt.endsWith(`${KNOWLEDGE_HEADING}\nBanho: R$ 50\nTosa: R$ 70`)).toBe(true);
    expect(prompt.indexOf(INSTRUCTIONS_HEADING)).toBeLessThan(prompt.indexOf(KNOWLEDGE_HEADING));
  });

  it('leaves out the optional sections when they are blank', () => {
    const prompt = buildWizardPrompt({ ...base, customInstructions: '  ', knowledgeBase: '' });
    expect(prompt).not.toContain(KNOWLEDGE_HEADING);
    expect(prompt).not.toContain(INSTRUCTIONS_HEADING);
  });
});
