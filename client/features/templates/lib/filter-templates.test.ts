import { AGENT_TEMPLATES, templateCategories } from '@common/templates';
import { describe, expect, it } from 'vitest';
import { ALL_CATEGORIES, filterTemplates } from './filter-templates';

const ids = (list: { id: string }[]) => list.map((t) => t.id);

describe('filterTemplates', () => {
  it('keeps everything with no search and all categories', () => {
    expect(filterTemplates(AGENT_TEMPLATES, '  ', ALL_CATEGORIES)).toHaveLength(8);
  });

  it('matches the name, the description and the tags, ignoring case', () => {
    expect(ids(filterTemplates(AGENT_TEMPLATES, 'PET SHOP', ALL_CATEGORIES))).toEqual(['pet-shop']);
    expect(ids(filterTemplates(AGENT_TEMPLATES, 'ortodontia', ALL_CATEGORIES))).toEqual([]);
    expect(ids(filterTemplates(AGENT_TEMPLATES, 'e-commerce', ALL_CATEGORIES))).toEqual([
      'sales-assistant',
    ]);
    expect(ids(filterTemplates(AGENT_TEMPLATES, 'sem dar parecer', ALL_CATEGORIES))).toEqual([
      'legal-consulting',
    ]);
  });

  it('narrows to one category and combines with the search', () => {
    expect(ids(filterTemplates(AGENT_TEMPLATES, '', 'Saúde'))).toEqual([
      'medical-scheduling',
      'dental-clinic',
    ]);
    expect(ids(filterTemplates(AGENT_TEMPLATES, 'dentista', 'Saúde'))).toEqual(['dental-clinic']);
    expect(filterTemplates(AGENT_TEMPLATES, 'dentista', 'Vendas')).toEqual([]);
  });
});

describe('built-in templates', () => {
  it('are eight in seven categories, listed in order of first appearance', () => {
    expect(AGENT_TEMPLATES).toHaveLength(8);
    expect(templateCategories(AGENT_TEMPLATES)).toEqual([
      'Atendimento',
      'Tecnologia',
      'Saúde',
      'Animais',
      'Jurídico',
      'Vendas',
      'Educação',
    ]);
    expect(new Set(ids([...AGENT_TEMPLATES])).size).toBe(8);
  });

  it('each carry a real prompt and a knowledge base with blanks for the owner', () => {
    for (const template of AGENT_TEMPLATES) {
      expect(template.systemPrompt.length, template.id).toBeGreaterThan(800);
      expect(template.systemPrompt, template.id).toMatch(/nunca invente/i);
      expect(template.knowledgeBase, template.id).toMatch(/\[[^\]]+\]/);
      expect(template.tags.length, template.id).toBeGreaterThanOrEqual(3);
    }
  });
});
