import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForSubscription } from '../../test/billing-helpers';
import { HttpClient, signedInClient } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/harness';
import { upload } from '../../test/knowledge-helpers';

/** Without MERCADOPAGO_ACCESS_TOKEN: the built-in sandbox checkout drives the same sync path. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ jobs: true });
});
afterAll(async () => {
  await t.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;

async function sandboxCheckout(planId = 'standard') {
  const signedIn = await signedInClient(t.baseUrl);
  const res = await signedIn.client.post('/api/subscriptions/create', {
    planId,
    userEmail: signedIn.user.email,
    userName: signedIn.user.name,
  });
  expect(res.status).toBe(200);
  const checkoutId = new URL(res.body.init_point).pathname.split('/').at(-1)!;
  return { ...signedIn, initPoint: res.body.init_point as string, checkoutId };
}

async function subscribed(planId: string) {
  const c = await sandboxCheckout(planId);
  const approved = await c.client.post(`/api/sandbox-checkout/${c.checkoutId}/approve`);
  expect(approved.status).toBe(200);
  await waitForSubscription(c.client, (s) => s.status === 'trialing');
  return c;
}

const agentBody = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  systemPrompt: 'Você é um atendente.',
  ...extra,
});

describe('POST /api/subscriptions/create (sandbox checkout)', () => {
  it('requires a signed-in user', async () => {
    const res = await new HttpClient(t.baseUrl).post('/api/subscriptions/create', {
      planId: 'standard',
      userEmail: 'a@b.com',
      userName: 'A',
    });
    expect(res.status).toBe(401);
  });

  it('validates the plan and the payer e-mail', async () => {
    const { client } = await signedInClient(t.baseUrl);
    const res = await client.post('/api/subscriptions/create', {
      planId: 'gold',
      userEmail: 'nao-e-email',
      userName: 'A',
    });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({
      planId: ['Plano inválido'],
      userEmail: ['E-mail inválido'],
    });
  });

  it('answers our own checkout page, showing the plan, amount and free trial', async () => {
    const { client, initPoint, checkoutId } = await sandboxCheckout('basico');
    expect(initPoint).toBe(`${t.ctx.config.PUBLIC_URL}/checkout/sandbox/${checkoutId}`);
    const page = await client.get(`/api/sandbox-checkout/${checkoutId}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      id: checkoutId,
      planId: 'basico',
      amountCents: 9990,
      freeTrialDays: 7,
      status: 'pending',
      firstChargeAt: null,
    });
    expect((await client.get('/api/subscription')).body.subscription.status).toBe('pending');
  });

  it("'Aprovar pagamento' goes through the signed webhook and the sync: trialing, charge in 7 days", async () => {
    const { client, checkoutId } = await sandboxCheckout();
    const before = Date.now();
    const res = await client.post(`/api/sandbox-checkout/${checkoutId}/approve`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      redirectUrl: `/subscription/return?preapproval_id=${checkoutId}`,
    });
    const sub = await waitForSubscription(client, (s) => s.status === 'trialing');
    const charge = new Date(sub.nextChargeAt).getTime();
    expect(charge).toBeGreaterThanOrEqual(before + 7 * DAY_MS);
    expect(charge).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS);
    expect(sub.providerStatus).toBe('authorized');
    const again = await client.post(`/api/sandbox-checkout/${checkoutId}/approve`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CHECKOUT_DECIDED');
  });

  it("'Recusar' cancels the checkout and a new one can start", async () => {
    const { client, user, checkoutId } = await sandboxCheckout();
    const res = await client.post(`/api/sandbox-checkout/${checkoutId}/decline`);
    expect(res.status).toBe(200);
    await waitForSubscription(client, (s) => s.status === 'cancelled');
    expect((await client.get('/api/subscription')).body.servesCustomers).toBe(false);
    const next = await client.post('/api/subscriptions/create', {
      planId: 'standard',
      userEmail: user.email,
      userName: user.name,
    });
    expect(next.status).toBe(200);
    expect(next.body.init_point).not.toContain(checkoutId);
  });

  it('cancels a trial from the app: nothing will be charged', async () => {
    const { client, checkoutId } = await subscribed('standard');
    const res = await client.post('/api/subscription/cancel');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', nextChargeAt: null });
    expect((await client.get(`/api/sandbox-checkout/${checkoutId}`)).body.status).toBe('cancelled');
  });

  it("keeps each user's subscription and checkout to themselves", async () => {
    const owner = await sandboxCheckout();
    const other = await signedInClient(t.baseUrl);
    expect((await other.client.get(`/api/sandbox-checkout/${owner.checkoutId}`)).status).toBe(404);
    const approve = await other.client.post(`/api/sandbox-checkout/${owner.checkoutId}/approve`);
    expect(approve.status).toBe(404);
    expect(approve.body.code).toBe('CHECKOUT_NOT_FOUND');
    expect((await other.client.get('/api/subscription')).body.subscription).toBeNull();
    expect((await other.client.post('/api/subscription/cancel')).status).toBe(404);
    expect((await owner.client.get('/api/subscription')).body.subscription.status).toBe('pending');
    expect((await new HttpClient(t.baseUrl).get('/api/subscription')).status).toBe(401);
  });

  it('refuses a sandbox notification signed with another secret', async () => {
    const res = await new HttpClient(t.baseUrl).post(
      '/api/webhooks/mercadopago?data.id=sbx_x&type=subscription_preapproval',
      { type: 'subscription_preapproval', data: { id: 'sbx_x' } },
      { headers: { 'x-signature': `ts=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` } },
    );
    expect(res.status).toBe(401);
  });
});

describe('POST /api/contact-requests (consultoria)', () => {
  it('stores the request from anyone and confirms it', async () => {
    const res = await new HttpClient(t.baseUrl).post('/api/contact-requests', {
      planId: 'consultoria',
      name: 'Ana Lima',
      email: 'Ana@Loja.com.br',
      phone: '+55 (11) 98888-7777',
      message: 'Temos 3 lojas.',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), whatsappUrl: null });
    const row = await t.database.db.query.contactRequests.findFirst({
      where: (c, { eq }) => eq(c.id, res.body.id),
    });
    expect(row).toMatchObject({ name: 'Ana Lima', email: 'ana@loja.com.br', userId: null });
  });

  it('links a signed-in user and refuses bad input with clear messages', async () => {
    const { client, id } = await signedInClient(t.baseUrl);
    const bad = await client.post('/api/contact-requests', {
      planId: 'consultoria',
      name: '',
      email: 'x',
      phone: 'abc',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toEqual({
      name: ['Nome é obrigatório'],
      email: ['E-mail inválido'],
      phone: ['Telefone inválido'],
    });
    const ok = await client.post('/api/contact-requests', {
      planId: 'consultoria',
      name: 'Rui',
      email: 'rui@x.com',
    });
    expect(ok.status).toBe(201);
    const row = await t.database.db.query.contactRequests.findFirst({
      where: (c, { eq }) => eq(c.id, ok.body.id),
    });
    expect(row?.userId).toBe(id);
  });
});

describe('plan limits', () => {
  it('without a subscription agents can be built and tested, but do not serve customers', async () => {
    const { client } = await signedInClient(t.baseUrl);
    for (const name of ['A', 'B', 'C']) {
      expect((await client.post('/api/agents', agentBody(name))).status).toBe(201);
    }
    const overview = (await client.get('/api/subscription')).body;
    expect(overview).toMatchObject({
      subscription: null,
      servesCustomers: false,
      limitsPlanId: null,
      agentCount: 3,
      agentsOverLimit: [],
    });
  });

  it('basico: stopped at the second agent, no knowledge base, no external APIs', async () => {
    const { client } = await subscribed('basico');
    const withApis = await client.post(
      '/api/agents',
      agentBody('Com API', {
        externalApis: JSON.stringify([
          { name: 'CRM', url: 'https://crm.example.com', authType: 'bearer' },
        ]),
      }),
    );
    expect(withApis.status).toBe(403);
    expect(withApis.body.code).toBe('PLAN_NO_EXTERNAL_APIS');
    const first = await client.post('/api/agents', agentBody('Primeiro'));
    expect(first.status).toBe(201);
    const second = await client.post('/api/agents', agentBody('Segundo'));
    expect(second.status).toBe(403);
    expect(second.body).toMatchObject({
      code: 'PLAN_AGENT_LIMIT',
      message:
        'Seu plano Básico permite até 1 agente(s). Mude para um plano maior em Configurações › Assinatura para criar mais.',
    });
    expect((await client.get('/api/agents')).body).toHaveLength(1);

    const agentId = first.body.id;
    const put = await client.put(`/api/agents/${agentId}`, {
      externalApis: JSON.stringify([
        { name: 'CRM', url: 'https://crm.example.com', authType: 'bearer' },
      ]),
    });
    expect(put.status).toBe(403);
    const doc = await upload(client, agentId, Buffer.from('Horário: 8h às 18h.'), 'horario.txt');
    expect(doc.status).toBe(403);
    expect(doc.body.code).toBe('PLAN_NO_KNOWLEDGE_BASE');
    expect((await client.get(`/api/agents/${agentId}/documents`)).body).toEqual([]);
    const search = await client.get(`/api/agents/${agentId}/knowledge/search?q=horario`);
    expect(search.status).toBe(403);
    // Building and testing still work.
    const test = await client.post(`/api/agents/${agentId}/test`, { message: 'Olá' });
    expect(test.status).toBe(200);
  });

  it.each([
    ['standard', 1, 10],
    ['multi', 5, 12],
  ])('%s: %i agent(s) of %i creations at once, the rest refused', async (planId, limit, tries) => {
    const { client } = await subscribed(planId);
    const results = await Promise.all(
      Array.from({ length: tries }, (_, i) =>
        client.post('/api/agents', agentBody(`Corrida ${i}`)),
      ),
    );
    const created = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 403);
    expect(created).toHaveLength(limit);
    expect(refused).toHaveLength(tries - limit);
    for (const r of refused) expect(r.body.code).toBe('PLAN_AGENT_LIMIT');
    expect((await client.get('/api/agents')).body).toHaveLength(limit);
  });

  it('a downgrade keeps every agent and disables the newest ones beyond the new limit', async () => {
    const { client } = await subscribed('multi');
    const ids: number[] = [];
    for (const name of ['Um', 'Dois', 'Três']) {
      const res = await client.post('/api/agents', agentBody(name));
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    const down = await client.put('/api/subscription/plan', { planId: 'standard' });
    expect(down.status).toBe(200);
    expect(down.body.planId).toBe('standard');
    const overview = (await client.get('/api/subscription')).body;
    expect(overview).toMatchObject({
      limitsPlanId: 'standard',
      servesCustomers: true,
      agentCount: 3,
      agentsOverLimit: ids.slice(1),
    });
    expect((await client.get('/api/agents')).body).toHaveLength(3);
    const fourth = await client.post('/api/agents', agentBody('Quatro'));
    expect(fourth.body.code).toBe('PLAN_AGENT_LIMIT');
  });
});
