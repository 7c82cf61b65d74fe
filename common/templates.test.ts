import { describe, expect, it } from 'vitest';
import { findPlaceholders } from './placeholders';
import { createAgentSchema } from './schemas/agent';
import {
  agentTemplates,
  fillTemplate,
  TEMPLATE_CATEGORIES,
  TEMPLATE_DEFINITIONS,
  TEMPLATE_ICONS,
  TEMPLATE_LANGUAGES,
  templateAgentInput,
  templateCategories,
  templateLanguage,
} from './templates';

const SMALL_BUSINESSES = [
  'bakery',
  'restaurant',
  'beauty-salon',
  'aesthetics-clinic',
  'gym',
  'real-estate',
  'clothing-store',
  'auto-repair',
];

/** What a pt-BR and an English template must say: the honesty rule and the Pix option. */
const RULES = {
  'pt-BR': { neverInvent: /nunca invente/i, blank: /\[[^\]]+\]/ },
  en: { neverInvent: /never make up/i, blank: /\[[^\]]+\]/ },
};

describe('built-in templates', () => {
  it('lead with the eight Brazilian small businesses, each id once', () => {
    const ids = TEMPLATE_DEFINITIONS.map((t) => t.id);
    expect(ids.slice(0, 8)).toEqual(SMALL_BUSINESSES);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(16);
  });

  it('are complete in both languages: prompt, tags and a knowledge skeleton to fill in', () => {
    for (const template of TEMPLATE_DEFINITIONS) {
      expect(TEMPLATE_ICONS, template.id).toContain(template.icon);
      for (const language of TEMPLATE_LANGUAGES) {
        const texts = template.texts[language];
        const where = `${template.id} ${language}`;
        expect(texts.name.trim().length, where).toBeGreaterThan(2);
        expect(texts.description.length, where).toBeGreaterThan(60);
        expect(texts.tags.length, where).toBeGreaterThanOrEqual(3);
        expect(texts.systemPrompt.length, where).toBeGreaterThan(800);
        expect(texts.systemPrompt, where).toMatch(RULES[language].neverInvent);
        expect(texts.knowledgeBase, where).toMatch(RULES[language].blank);
        // the agent can be created from it: the shared schema accepts its texts
        const input = templateAgentInput({ ...template, ...texts, language });
        expect(createAgentSchema.safeParse(input).success, where).toBe(true);
      }
      // the two languages are really two: no English template left in Portuguese
      expect(template.texts.en.systemPrompt).not.toBe(template.texts['pt-BR'].systemPrompt);
    }
  });

  it('give the small businesses the skeleton the owner completes: hours, prices, address, Pix', () => {
    for (const id of SMALL_BUSINESSES) {
      const template = TEMPLATE_DEFINITIONS.find((t) => t.id === id)!;
      const pt = template.texts['pt-BR'].knowledgeBase;
      expect(pt, id).toMatch(/Horário/);
      expect(pt, id).toMatch(/R\$ \[(valor|x)\]|R\$ \[valor/);
      expect(pt, id).toMatch(/Endereço: \[/);
      expect(pt, id).toMatch(/# Formas de pagamento\n.*Pix \(chave: \[chave Pix\]\)/);
      const en = template.texts.en.knowledgeBase;
      expect(en, id).toMatch(/hours/);
      expect(en, id).toMatch(/Address: \[/);
      expect(en, id).toMatch(/Pix \(key: \[Pix key\]\)/);
      // no fake data passed off as the owner's: every price and the address are blanks
      expect(pt, id).not.toMatch(/R\$ ?\d/);
      expect(en, id).not.toMatch(/R\$ ?\d/);
    }
  });

  it('have consistent categories: each one used, the small businesses’ first', () => {
    const used = templateCategories(agentTemplates('pt-BR'));
    expect([...used].sort()).toEqual([...TEMPLATE_CATEGORIES].sort());
    expect(used.slice(0, 6)).toEqual([
      'food',
      'beauty',
      'fitness',
      'real-estate',
      'retail',
      'automotive',
    ]);
    expect(templateCategories(agentTemplates('en'))).toEqual(used);
  });

  it('show the interface language’s texts, and make an agent that speaks it', () => {
    expect(templateLanguage('en')).toBe('en');
    expect(templateLanguage('en-US')).toBe('en');
    expect(templateLanguage('pt-BR')).toBe('pt-BR');
    expect(templateLanguage('fr')).toBe('pt-BR');
    const [ptBakery] = agentTemplates('pt-BR');
    const [enBakery] = agentTemplates('en');
    expect(ptBakery).toMatchObject({
      id: 'bakery',
      name: 'Padaria e Confeitaria',
      language: 'pt-BR',
    });
    expect(enBakery).toMatchObject({ id: 'bakery', name: 'Bakery and Patisserie', language: 'en' });
    expect(templateAgentInput(ptBakery!)).toMatchObject({
      name: 'Padaria e Confeitaria',
      language: 'pt',
      model: 'gpt-4o-mini',
      status: 'draft',
    });
    expect(templateAgentInput(enBakery!).language).toBe('en');
  });
});

describe('filling a template', () => {
  const bakery = agentTemplates('pt-BR').find((t) => t.id === 'bakery')!;

  it('asks the fields its texts need, each replacing a placeholder they hold', () => {
    for (const definition of TEMPLATE_DEFINITIONS) {
      expect(definition.fields.length, definition.id).toBeGreaterThan(0);
      expect(definition.fields[0]!.id, definition.id).toBe('businessName');
      for (const field of definition.fields) {
        for (const language of TEMPLATE_LANGUAGES) {
          const { systemPrompt, knowledgeBase } = definition.texts[language];
          for (const placeholder of field.placeholders[language]) {
            expect(`${systemPrompt}\n${knowledgeBase}`, `${definition.id} ${field.id}`).toContain(
              `[${placeholder}]`,
            );
          }
        }
      }
    }
  });

  it('keep every instruction when a field is left blank: only the opening sentence needs one', () => {
    for (const definition of TEMPLATE_DEFINITIONS) {
      for (const language of TEMPLATE_LANGUAGES) {
        const [, ...rest] = definition.texts[language].systemPrompt.split('\n');
        expect(findPlaceholders(rest.join('\n')), `${definition.id} ${language}`).toEqual([]);
      }
    }
  });

  it("puts the owner's answers in the prompt and the knowledge", () => {
    const filled = fillTemplate(
      bakery,
      {
        businessName: 'Padaria Pão Quente',
        address: 'Rua das Flores, 10, Centro, Campinas',
        pixKey: 'pix@paoquente.com.br',
      },
      {
        weekdays: { closed: false, open: '06:00', close: '20:00' },
        saturday: { closed: false, open: '07:00', close: '13:30' },
        sunday: { closed: true },
      },
    );
    expect(filled.systemPrompt).toMatch(/^Você é o atendente virtual da Padaria Pão Quente/);
    expect(filled.knowledgeBase).toContain('- Nome: Padaria Pão Quente');
    expect(filled.knowledgeBase).toContain('- Endereço: Rua das Flores, 10, Centro, Campinas');
    expect(filled.knowledgeBase).toContain('- Pix (chave: pix@paoquente.com.br)');
    expect(filled.knowledgeBase).toContain(
      '- Segunda a sexta: das 6h às 20h\n- Sábado: das 7h às 13h30\n- Domingo e feriados: fechado',
    );
  });

  it('leaves no bracket anywhere: an empty field takes its line or sentence with it', () => {
    for (const template of [...agentTemplates('pt-BR'), ...agentTemplates('en')]) {
      for (const values of [{}, { businessName: 'Casa Boa' }]) {
        const filled = fillTemplate(template, values);
        expect(findPlaceholders(filled.systemPrompt), template.id).toEqual([]);
        expect(findPlaceholders(filled.knowledgeBase), template.id).toEqual([]);
        expect(filled.systemPrompt.length, template.id).toBeGreaterThan(400);
        const input = templateAgentInput(filled);
        expect(createAgentSchema.safeParse(input).success, template.id).toBe(true);
      }
    }
    const empty = fillTemplate(bakery, {});
    expect(empty.knowledgeBase).not.toMatch(/Pix \(chave/);
    expect(empty.systemPrompt).not.toMatch(/Você é o atendente virtual da/);
    expect(empty.systemPrompt).toMatch(/Nunca invente preços/);
  });
});
