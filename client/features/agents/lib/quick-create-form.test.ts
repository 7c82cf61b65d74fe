import { describe, expect, it } from 'vitest';
import { formFieldOf, quickCreateSchema, tabOf, toCreatePayload } from './quick-create-form';

describe('quick creation form', () => {
  it('sends the external API entries as the JSON text the API expects', () => {
    const values = quickCreateSchema.parse({
      name: ' Loja ',
      systemPrompt: 'Você atende a loja.',
      description: '',
      externalApiEntries: [{ name: 'Estoque', url: 'https://api.loja.com.br', authType: 'bearer' }],
      tools: ['calculator'],
    });
    const payload = toCreatePayload(values);
    expect(payload).toMatchObject({ name: 'Loja', description: null, tools: ['calculator'] });
    expect(JSON.parse(payload.externalApis ?? '')).toEqual([
      { name: 'Estoque', url: 'https://api.loja.com.br', authType: 'bearer' },
    ]);
    expect(payload).not.toHaveProperty('externalApiEntries');
  });

  it('leaves externalApis out when there are no entries', () => {
    const values = quickCreateSchema.parse({
      name: 'a',
      systemPrompt: 'b',
      externalApiEntries: [],
    });
    expect(toCreatePayload(values).externalApis).toBeUndefined();
  });

  it('reports entry errors with the shared messages, on the entry field', () => {
    const result = quickCreateSchema.safeParse({
      name: '',
      systemPrompt: 'b',
      externalApiEntries: [{ name: 'x', url: 'ftp://nope', authType: 'bearer' }],
    });
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toContainEqual(['name', 'validation.agentNameRequired']);
    expect(issues).toContainEqual(['externalApiEntries.0.url', 'validation.externalApiUrlInvalid']);
  });

  it('maps server field paths to form fields and fields to their tab', () => {
    expect(formFieldOf('externalApis.1.url')).toBe('externalApiEntries.1.url');
    expect(formFieldOf('externalApis')).toBe('externalApiEntries');
    expect(formFieldOf('name')).toBe('name');
    expect(tabOf('externalApiEntries.1.url')).toBe('integrations');
    expect(tabOf('tools')).toBe('tools');
    expect(tabOf('maxTokens')).toBe('basic');
  });
});
