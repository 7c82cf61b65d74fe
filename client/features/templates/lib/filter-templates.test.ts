import { agentTemplates, TEMPLATE_CATEGORIES } from '@common/templates';
import { describe, expect, it } from 'vitest';
import enAgents from '@/locales/en/agents.json';
import ptAgents from '@/locales/pt-BR/agents.json';
import { ALL_CATEGORIES, filterTemplates } from './filter-templates';

const ids = (list: { id: string }[]) => list.map((t) => t.id);
const PT = agentTemplates('pt-BR');
const EN = agentTemplates('en');

describe('filterTemplates', () => {
  it('keeps everything with no search and all categories', () => {
    expect(filterTemplates(PT, '  ', ALL_CATEGORIES)).toHaveLength(PT.length);
  });

  it('matches the name, the description and the tags, ignoring case', () => {
    expect(ids(filterTemplates(PT, 'PET SHOP', ALL_CATEGORIES))).toEqual(['pet-shop']);
    expect(ids(filterTemplates(PT, 'ortodontia', ALL_CATEGORIES))).toEqual([]);
    expect(ids(filterTemplates(PT, 'e-commerce', ALL_CATEGORIES))).toEqual(['sales-assistant']);
    expect(ids(filterTemplates(PT, 'sem dar parecer', ALL_CATEGORIES))).toEqual([
      'legal-consulting',
    ]);
    expect(ids(filterTemplates(PT, 'barbearia', ALL_CATEGORIES))).toEqual(['beauty-salon']);
    expect(ids(filterTemplates(EN, 'barbershop', ALL_CATEGORIES))).toEqual(['beauty-salon']);
  });

  it('narrows to one category and combines with the search', () => {
    expect(ids(filterTemplates(PT, '', 'health'))).toEqual(['medical-scheduling', 'dental-clinic']);
    expect(ids(filterTemplates(PT, '', 'food'))).toEqual(['bakery', 'restaurant']);
    expect(ids(filterTemplates(PT, 'dentista', 'health'))).toEqual(['dental-clinic']);
    expect(filterTemplates(PT, 'dentista', 'sales')).toEqual([]);
  });
});

describe('template categories', () => {
  it('each have a label in both catalogues, different from one another', () => {
    for (const catalogue of [ptAgents, enAgents]) {
      const labels = TEMPLATE_CATEGORIES.map((c) => catalogue.templates.categories[c]);
      for (const label of labels) expect(label).toMatch(/\S/);
      expect(new Set(labels).size).toBe(TEMPLATE_CATEGORIES.length);
    }
  });
});
