import type { GoLiveChecklist } from '@common/schemas/agent';
import { agentTemplates, fillTemplate, templateAgentInput } from '@common/templates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribeViaSandbox } from '../../test/billing-helpers';
import type { HttpClient } from '../../test/http-client';
import { signedInClient } from '../../test/http-client';
import { agentKeyOf, publicVisitor } from '../../test/webchat-helpers';
import {
  simulatorHandles,
  type SimulatorHandles,
} from '../../adapters/gateway/testing/simulator-helpers';
import { startTestApp, type TestApp } from '../../test/harness';
import { waitFor } from '../../test/wait-for';

/**
 * GET /api/dashboard/checklist: each step turns done when the owner does it through the product
 * (sandbox checkout, activation, knowledge, a test chat, WhatsApp through the simulator, the
 * widget loaded on a site), about the owner's own agent only.
 */
let t: TestApp;
let s: SimulatorHandles;
beforeAll(async () => {
  t = await startTestApp({ jobs: true });
  s = await simulatorHandles(t);
});
afterAll(async () => {
  await t?.close();
});

async function checklist(client: HttpClient): Promise<GoLiveChecklist> {
  const res = await client.get('/api/dashboard/checklist');
  expect(res.status).toBe(200);
  return res.body as GoLiveChecklist;
}

const NOTHING_DONE = {
  subscription: false,
  agent: false,
  knowledge: false,
  tested: false,
  whatsapp: false,
  widget: false,
};

describe('the go-live checklist', () => {
  it('follows the owner from sign-up to an agent live on WhatsApp and a website', async () => {
    const owner = await signedInClient(t.baseUrl);
    expect(await checklist(owner.client)).toEqual({
      agent: null,
      done: NOTHING_DONE,
      widgetOrigin: null,
    });

    await subscribeViaSandbox(owner.client, owner.user, 'standard');
    const created = await owner.client.post('/api/agents', {
      name: 'Padaria Pão Quente',
      systemPrompt: 'Você atende a Padaria Pão Quente.',
    });
    expect(created.status).toBe(201);
    const agentId = created.body.id as number;
    expect(await checklist(owner.client)).toEqual({
      agent: { id: agentId, name: 'Padaria Pão Quente', status: 'draft' },
      done: { ...NOTHING_DONE, subscription: true },
      widgetOrigin: null,
    });

    await owner.client.put(`/api/agents/${agentId}`, {
      status: 'active',
      knowledgeBase: 'Abrimos de segunda a sábado, das 7h às 19h.',
    });
    const tested = await owner.client.post(`/api/agents/${agentId}/test`, {
      message: 'Que horas vocês abrem?',
    });
    expect(tested.status).toBe(200);
    expect((await checklist(owner.client)).done).toEqual({
      ...NOTHING_DONE,
      subscription: true,
      agent: true,
      knowledge: true,
      tested: true,
    });

    const line = await owner.client.post(`/api/agents/${agentId}/whatsapp/create-instance`, {
      phoneNumber: '11987654321',
    });
    expect(line.status).toBe(201);
    await s.control('POST', `/${line.body.instanceName}/scan`, { number: '5511987654321' });
    await waitFor(
      async () =>
        (await owner.client.get(`/api/agents/${agentId}/whatsapp/status`)).body.status ===
        'CONNECTED',
      'CONNECTED',
    );
    const key = await agentKeyOf(owner.client, agentId);
    // The dashboard's own pages (preview, docs) do not count as a site.
    const own = await publicVisitor(t.baseUrl, t.baseUrl).seen(key);
    expect(own.status).toBe(204);
    expect((await checklist(owner.client)).done.widget).toBe(false);
    const site = await publicVisitor(t.baseUrl, 'https://www.paoquente.com.br').seen(key);
    expect(site.status).toBe(204);
    expect(await checklist(owner.client)).toEqual({
      agent: { id: agentId, name: 'Padaria Pão Quente', status: 'active' },
      done: {
        subscription: true,
        agent: true,
        knowledge: true,
        tested: true,
        whatsapp: true,
        widget: true,
      },
      widgetOrigin: 'https://www.paoquente.com.br',
    });

    // Another owner's checklist counts none of it.
    const other = await signedInClient(t.baseUrl);
    expect((await checklist(other.client)).done).toEqual(NOTHING_DONE);
  });

  it('is about the agent furthest along, and a site outside the allowed domains is refused', async () => {
    const owner = await signedInClient(t.baseUrl);
    await subscribeViaSandbox(owner.client, owner.user, 'multi');
    const first = await owner.client.post('/api/agents', {
      name: 'Salão Bela',
      systemPrompt: 'Você atende o Salão Bela.',
      status: 'active',
      knowledgeBase: 'Corte feminino: R$ 80.',
    });
    const second = await owner.client.post('/api/agents', {
      name: 'Rascunho',
      systemPrompt: 'Rascunho.',
    });
    expect(second.status).toBe(201);
    expect((await checklist(owner.client)).agent?.id).toBe(first.body.id);

    const key = await agentKeyOf(owner.client, first.body.id as number);
    const saved = await owner.client.put(`/api/agents/${first.body.id}/webchat-config`, {
      config: {},
      allowedDomains: ['salaobela.com.br'],
    });
    expect(saved.status).toBe(200);
    const refused = await publicVisitor(t.baseUrl, 'https://outro-site.com').seen(key);
    expect(refused.status).toBe(403);
    expect((await checklist(owner.client)).done.widget).toBe(false);
    const unknown = await publicVisitor(t.baseUrl, 'https://salaobela.com.br').seen('x'.repeat(32));
    expect(unknown.status).toBe(404);
  });

  it('leaves knowledge undone for a template’s text alone, done once the owner adds their own', async () => {
    const owner = await signedInClient(t.baseUrl);
    await subscribeViaSandbox(owner.client, owner.user, 'standard');
    // the raw template (as agents made before the template form have it) and the filled-in one
    // with every field left empty: template text only
    const [bakery] = agentTemplates('pt-BR');
    const raw = await owner.client.post('/api/agents', templateAgentInput(bakery!));
    expect(raw.status).toBe(201);
    expect((await checklist(owner.client)).done.knowledge).toBe(false);
    const agentId = raw.body.id as number;
    await owner.client.put(`/api/agents/${agentId}`, {
      knowledgeBase: fillTemplate(bakery!, {}).knowledgeBase,
    });
    expect((await checklist(owner.client)).done.knowledge).toBe(false);

    // a line of the owner's own: the answer the template form took, or a fact typed in the editor
    await owner.client.put(`/api/agents/${agentId}`, {
      knowledgeBase: fillTemplate(bakery!, { pixKey: 'pix@paoquente.com.br' }).knowledgeBase,
    });
    expect((await checklist(owner.client)).done.knowledge).toBe(true);
    await owner.client.put(`/api/agents/${agentId}`, {
      knowledgeBase: `${raw.body.knowledgeBase as string}\n- Pão de queijo: R$ 2,50`,
    });
    expect(await checklist(owner.client)).toMatchObject({
      agent: { id: agentId },
      done: { knowledge: true },
    });
  });
});
