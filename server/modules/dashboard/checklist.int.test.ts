import type { GoLiveChecklist } from '@common/schemas/agent';
import { agentTemplates, fillTemplate, templateAgentInput } from '@common/templates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribeViaSandbox } from '../../test/billing-helpers';
import { HttpClient, signedInClient } from '../../test/http-client';
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
      celebrated: false,
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
      celebrated: false,
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
      celebrated: false,
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

/** Every step of the checklist, done through the product; the agent's id. */
async function goLive(client: HttpClient, user: Parameters<typeof subscribeViaSandbox>[1]) {
  await subscribeViaSandbox(client, user, 'standard');
  const created = await client.post('/api/agents', {
    name: 'Salão Bela',
    systemPrompt: 'Você atende o Salão Bela.',
    status: 'active',
    knowledgeBase: 'Corte feminino: R$ 80.',
  });
  expect(created.status).toBe(201);
  const agentId = created.body.id as number;
  expect(
    (await client.post(`/api/agents/${agentId}/test`, { message: 'Quanto é o corte?' })).status,
  ).toBe(200);
  const line = await client.post(`/api/agents/${agentId}/whatsapp/create-instance`, {
    phoneNumber: '11976543210',
  });
  expect(line.status).toBe(201);
  await s.control('POST', `/${line.body.instanceName}/scan`, { number: '5511976543210' });
  await waitFor(
    async () =>
      (await client.get(`/api/agents/${agentId}/whatsapp/status`)).body.status === 'CONNECTED',
    'CONNECTED',
  );
  const key = await agentKeyOf(client, agentId);
  expect((await publicVisitor(t.baseUrl, 'https://salaobela.com.br').seen(key)).status).toBe(204);
  return agentId;
}

const CELEBRATED = '/api/dashboard/checklist/celebrated';

describe('the go-live moment', () => {
  it('is refused while a step is left, recorded once the checklist is complete, and kept for good', async () => {
    const owner = await signedInClient(t.baseUrl);
    const early = await owner.client.post(CELEBRATED);
    expect(early.status).toBe(409);
    expect(early.body).toEqual({
      code: 'CHECKLIST_INCOMPLETE',
      message: 'Ainda falta um passo para colocar o agente no ar: conclua o checklist primeiro.',
    });
    expect((await checklist(owner.client)).celebrated).toBe(false);

    await goLive(owner.client, owner.user);
    const complete = await checklist(owner.client);
    expect(Object.values(complete.done).every(Boolean)).toBe(true);
    expect(complete.celebrated).toBe(false);

    const first = await owner.client.post(CELEBRATED);
    expect(first.status).toBe(200);
    expect(Date.now() - Date.parse(first.body.celebratedAt as string)).toBeLessThan(60_000);
    expect((await checklist(owner.client)).celebrated).toBe(true);
    // Once only: again (another device, a retry, an empty JSON object) keeps the first time.
    const again = await owner.client.post(CELEBRATED, {});
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);

    // Another session of the owner (another browser) is told it was celebrated.
    const elsewhere = new HttpClient(t.baseUrl);
    const signedIn = await elsewhere.post('/api/login', {
      username: owner.user.username,
      password: owner.user.password,
    });
    expect(signedIn.status).toBe(200);
    expect((await checklist(elsewhere)).celebrated).toBe(true);
    // Another owner's is their own.
    const other = await signedInClient(t.baseUrl);
    expect((await checklist(other.client)).celebrated).toBe(false);
  });

  it('refuses a wrong method, a body, and a signed-out caller with a clear 4xx', async () => {
    const owner = await signedInClient(t.baseUrl);
    await goLive(owner.client, owner.user);
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      const res = await owner.client.request(method, CELEBRATED);
      expect(res.status, method).toBe(404);
      expect(res.body).toEqual({ code: 'NOT_FOUND', message: 'Recurso não encontrado.' });
    }
    for (const body of [{ celebrated: true }, [], 'sim', 42, null]) {
      const res = await owner.client.post(CELEBRATED, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({
        code: 'VALIDATION',
        message: 'Esta ação não recebe dados: envie o pedido sem corpo.',
      });
    }
    const broken = await owner.client.request('POST', CELEBRATED, {
      body: '{"celebrated":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(broken.body.code).toBe('BAD_JSON');
    const text = await owner.client.request('POST', CELEBRATED, {
      body: 'celebrated',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(text.status).toBe(415);
    const signedOut = await new HttpClient(t.baseUrl).post(CELEBRATED);
    expect(signedOut.status).toBe(401);
    // none of it recorded the moment
    expect((await checklist(owner.client)).celebrated).toBe(false);
  });
});
