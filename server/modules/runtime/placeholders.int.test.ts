import { agentTemplates, templateAgentInput } from '@common/templates';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseSse, startFakeOpenAI, type FakeOpenAI } from '../../test/fake-openai';
import { signedInClient } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/harness';

/**
 * "aceita pix?" was once answered with "R$ [valor] … Pix (chave: [chave Pix])". However an
 * agent's instructions and knowledge still hold a template's `[placeholder]`, no answer carries
 * one: the offline model never finds them as knowledge, a model never reads them, and what a model
 * writes anyway is removed — in the whole reply and in its stream.
 */
const BRACKET = /\[[^\]]*\p{L}[^\]]*\]/u;
/** the raw bakery template, as agents created before the template form have it */
const bakery = templateAgentInput(agentTemplates('pt-BR').find((t) => t.id === 'bakery')!);

async function templateAgent(t: TestApp, fields: Record<string, unknown> = {}) {
  const owner = await signedInClient(t.baseUrl);
  const knowledgeBase = `Aceitamos Pix e cartão de débito.\n\n${bakery.knowledgeBase}`;
  const created = await owner.client.post('/api/agents', { ...bakery, knowledgeBase, ...fields });
  expect(created.status).toBe(201);
  expect(created.body.systemPrompt).toContain('[nome da padaria]');
  return { client: owner.client, agentId: created.body.id as number };
}

describe('offline, an agent whose texts still hold placeholders', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers "aceita pix?" from what the owner wrote, with no bracket', async () => {
    const { client, agentId } = await templateAgent(t);
    const res = await client.post(`/api/agents/${agentId}/test`, { message: 'aceita pix?' });
    expect(res.status).toBe(200);
    expect(res.body.response).toBe('Aceitamos Pix e cartão de débito.');
    for (const citation of res.body.citations as { excerpt: string }[]) {
      expect(citation.excerpt).not.toMatch(BRACKET);
    }
    const streamed = await client.post(`/api/agents/${agentId}/test/stream`, {
      message: 'Qual o preço do pão francês e a taxa de entrega?',
    });
    const done = parseSse(streamed.text).at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data.response).not.toMatch(BRACKET);
  });

  it('does not index them as knowledge', async () => {
    const { client, agentId } = await templateAgent(t);
    const res = await client.get(
      `/api/agents/${agentId}/knowledge/search?q=${encodeURIComponent('chave Pix valor')}`,
    );
    expect(res.status).toBe(200);
    const found = res.body.results as { content: string }[];
    expect(found.map((r) => r.content)).toEqual(['Aceitamos Pix e cartão de débito.']);
  });
});

describe('with a model, an agent whose texts still hold placeholders', () => {
  let t: TestApp;
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    t = await startTestApp({ env: { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: fake.url } });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  afterEach(() => {
    fake.chatRequests.length = 0;
  });

  it('never shows the model a placeholder', async () => {
    const { client, agentId } = await templateAgent(t, { model: 'gpt-4o-mini' });
    fake.answer = () => ({ text: 'Aceitamos Pix.' });
    const res = await client.post(`/api/agents/${agentId}/test`, { message: 'aceita pix?' });
    expect(res.status).toBe(200);
    const system = String(fake.chatRequests[0]!.messages[0]!.content);
    expect(system).toContain('Nunca invente preços');
    expect(system).toContain('Aceitamos Pix e cartão de débito.');
    expect(system).not.toMatch(BRACKET);
  });

  it('removes one the model writes anyway, whole and streamed', async () => {
    const { client, agentId } = await templateAgent(t, { model: 'gpt-4o-mini' });
    fake.answer = () => ({
      text: 'Sim! O pão sai por R$ [valor] o quilo e aceitamos Pix (chave: [chave Pix]).',
    });
    const res = await client.post(`/api/agents/${agentId}/test`, { message: 'aceita pix?' });
    expect(res.status).toBe(200);
    expect(res.body.response).toBe('Sim! O pão sai por o quilo e aceitamos Pix.');

    const streamed = await client.post(`/api/agents/${agentId}/test/stream`, {
      message: 'aceita pix?',
    });
    const events = parseSse(streamed.text);
    const deltas = events.filter((e) => e.event === 'delta').map((e) => String(e.data.text));
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(deltas.join('')).toBe(done.data.response);
    expect(done.data.response).toBe('Sim! O pão sai por o quilo e aceitamos Pix.');
    for (const delta of deltas) expect(delta).not.toMatch(/[[\]]/);
  });
});
