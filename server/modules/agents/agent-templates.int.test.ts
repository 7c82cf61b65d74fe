import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentTemplates, fillTemplate, templateAgentInput } from '@common/templates';
import { signedInClient } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('creating an agent from a built-in template (POST /api/agents)', () => {
  it('gives the agent the template’s prompt and knowledge, in either language', async () => {
    const { client } = await signedInClient(t.baseUrl);
    const templates = [...agentTemplates('pt-BR'), ...agentTemplates('en')];
    for (const template of templates) {
      const where = `${template.id} ${template.language}`;
      const created = await client.post('/api/agents', templateAgentInput(template));
      expect(created.status, where).toBe(201);
      const agent = (await client.get(`/api/agents/${created.body.id}`)).body;
      expect(agent, where).toMatchObject({
        name: template.name,
        description: template.description,
        systemPrompt: template.systemPrompt,
        knowledgeBase: template.knowledgeBase,
        language: template.language === 'en' ? 'en' : 'pt',
        model: 'gpt-4o-mini',
        status: 'draft',
      });
    }
    expect((await client.get('/api/agents')).body).toHaveLength(templates.length);
  });

  it('answers honestly while the template is blank, and from the owner’s answers once filled', async () => {
    const { client } = await signedInClient(t.baseUrl);
    const bakery = agentTemplates('pt-BR').find((x) => x.id === 'bakery')!;
    // The blank template's "Pix (chave: [chave Pix])" was the answer; a blank is not knowledge.
    const raw = (await client.post('/api/agents', templateAgentInput(bakery))).body;
    for (const message of ['Aceitam Pix?', 'Qual a chave Pix?']) {
      const blank = await client.post(`/api/agents/${raw.id}/test`, { message });
      expect(blank.status).toBe(200);
      expect(blank.body.offline).toBe(true);
      expect(blank.body.response).toMatch(/^Não tenho essa informação/);
    }

    const filled = fillTemplate(bakery, { pixKey: 'pix@paoquente.com.br' });
    const agent = (await client.post('/api/agents', templateAgentInput(filled))).body;
    const pix = await client.post(`/api/agents/${agent.id}/test`, {
      message: 'Qual a chave Pix?',
    });
    expect(pix.body.response).toBe('Pix (chave: pix@paoquente.com.br).');
    expect(pix.body.response).not.toContain('[');
    const unknown = await client.post(`/api/agents/${agent.id}/test`, {
      message: 'Vocês têm estacionamento?',
    });
    expect(unknown.body.response).toMatch(/^Não tenho essa informação/);
  });
});
