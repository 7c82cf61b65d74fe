import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { waitForSubscription } from '../../test/billing-helpers';
import {
  FAKE_MP_SECRET,
  FAKE_MP_TOKEN,
  startFakeMercadoPago,
  type FakeMercadoPago,
} from '../../test/fake-mercadopago';
import { signedInClient, type HttpClient } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/harness';
import { waitFor } from '../../test/wait-for';
import { reconcileAll, SYNC_QUEUE } from './sync.service';

const PUBLIC_URL = 'http://pagamentos.example.com.br';
const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
let mp: FakeMercadoPago;
beforeAll(async () => {
  mp = await startFakeMercadoPago();
  t = await startTestApp({
    jobs: true,
    env: {
      PUBLIC_URL,
      MERCADOPAGO_ACCESS_TOKEN: FAKE_MP_TOKEN,
      MERCADOPAGO_WEBHOOK_SECRET: FAKE_MP_SECRET,
      MERCADOPAGO_API_URL: mp.url,
    },
  });
});
afterAll(async () => {
  await t.close();
  await mp.close();
});
beforeEach(() => {
  mp.failures.length = 0;
});

const preapprovalPosts = () =>
  mp.requests.filter((r) => r.method === 'POST' && r.path === '/preapproval');

/** A signed-in user with a pending checkout; returns the preapproval id. */
async function checkout(planId = 'standard'): Promise<{ client: HttpClient; id: string }> {
  const { client, user } = await signedInClient(t.baseUrl);
  const res = await client.post('/api/subscriptions/create', {
    planId,
    userEmail: user.email,
    userName: user.name,
  });
  expect(res.status).toBe(200);
  const id = new URL(res.body.init_point).searchParams.get('preapproval_id')!;
  return { client, id };
}

async function trialing(planId = 'standard') {
  const c = await checkout(planId);
  mp.authorize(c.id);
  expect((await mp.notify(t.baseUrl, { dataId: c.id })).status).toBe(200);
  await waitForSubscription(c.client, (s) => s.status === 'trialing');
  return c;
}

describe('POST /api/subscriptions/create with Mercado Pago', () => {
  it('creates a pending preapproval without a plan: body, amount in reais, idempotency key', async () => {
    const { client, user } = await signedInClient(t.baseUrl);
    const before = preapprovalPosts().length;
    const res = await client.post('/api/subscriptions/create', {
      planId: 'standard',
      userEmail: '  Pagador@Exemplo.com.BR ',
      userName: user.name,
    });
    expect(res.status).toBe(200);
    const posts = preapprovalPosts();
    expect(posts).toHaveLength(before + 1);
    const sent = posts.at(-1)!;
    const overview = await client.get('/api/subscription');
    const sub = overview.body.subscription;
    expect(sent.body).toEqual({
      reason: 'Plano Padrão – AI Agent Builder',
      external_reference: String(sub.id),
      payer_email: 'pagador@exemplo.com.br',
      auto_recurring: {
        frequency: 1,
        frequency_type: 'months',
        transaction_amount: 129.9,
        currency_id: 'BRL',
        free_trial: { frequency: 7, frequency_type: 'days' },
      },
      back_url: `${PUBLIC_URL}/subscription/return`,
      status: 'pending',
    });
    expect(sent.headers.authorization).toBe(`Bearer ${FAKE_MP_TOKEN}`);
    expect(sent.headers['x-idempotency-key']).toMatch(/^sub-create:\d+:[0-9a-f-]{36}$/);
    const pre = mp.preapprovals.get(
      new URL(res.body.init_point).searchParams.get('preapproval_id')!,
    )!;
    expect(res.body).toEqual({ init_point: pre.init_point });
    expect(sub).toMatchObject({
      planId: 'standard',
      status: 'pending',
      provider: 'mercadopago',
      amountCents: 12990,
      payerEmail: 'pagador@exemplo.com.br',
    });
  });

  it('a second click on the same plan reuses the checkout; another plan abandons the first', async () => {
    const { client, user } = await signedInClient(t.baseUrl);
    const body = { planId: 'basico', userEmail: user.email, userName: user.name };
    const first = await client.post('/api/subscriptions/create', body);
    const before = preapprovalPosts().length;
    const again = await client.post('/api/subscriptions/create', body);
    expect(again.body.init_point).toBe(first.body.init_point);
    expect(preapprovalPosts()).toHaveLength(before);

    const other = await client.post('/api/subscriptions/create', { ...body, planId: 'multi' });
    expect(other.status).toBe(200);
    expect(other.body.init_point).not.toBe(first.body.init_point);
    const firstId = new URL(first.body.init_point).searchParams.get('preapproval_id')!;
    // The old link can no longer start a second subscription.
    expect(mp.preapprovals.get(firstId)!.status).toBe('cancelled');
    expect(preapprovalPosts().at(-1)!.body.auto_recurring.transaction_amount).toBe(399.9);
  });

  it('refuses an unknown plan and never sends the consultoria plan to checkout', async () => {
    const { client, user } = await signedInClient(t.baseUrl);
    const before = preapprovalPosts().length;
    const bad = await client.post('/api/subscriptions/create', {
      planId: 'gold',
      userEmail: user.email,
      userName: user.name,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toEqual({ planId: ['Plano inválido'] });
    const consult = await client.post('/api/subscriptions/create', {
      planId: 'consultoria',
      userEmail: user.email,
      userName: user.name,
    });
    expect(consult.status).toBe(422);
    expect(consult.body.code).toBe('PLAN_CONTACT_SALES');
    expect(consult.body.message).toContain('Falar com consultor');
    expect(preapprovalPosts()).toHaveLength(before);
    expect((await client.get('/api/subscription')).body.subscription).toBeNull();
  });

  it('a provider failure answers 502 and leaves no subscription behind', async () => {
    const { client, user } = await signedInClient(t.baseUrl);
    mp.failures.push(400);
    const res = await client.post('/api/subscriptions/create', {
      planId: 'standard',
      userEmail: user.email,
      userName: user.name,
    });
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('PAYMENT_PROVIDER_FAILED');
    expect((await client.get('/api/subscription')).body.subscription).toBeNull();
  });

  it('retries a 5xx with the same idempotency key', async () => {
    const { client, user } = await signedInClient(t.baseUrl);
    mp.failures.push(503);
    const before = mp.requests.length;
    const res = await client.post('/api/subscriptions/create', {
      planId: 'standard',
      userEmail: user.email,
      userName: user.name,
    });
    expect(res.status).toBe(200);
    const attempts = mp.requests.slice(before).filter((r) => r.path === '/preapproval');
    expect(attempts).toHaveLength(2);
    expect(attempts[0]!.headers['x-idempotency-key']).toBe(
      attempts[1]!.headers['x-idempotency-key'],
    );
  });
});

describe('POST /api/webhooks/mercadopago', () => {
  it('authorized after checkout: trialing, first charge 7 days later (the re-read decides)', async () => {
    const { client, id } = await checkout();
    const now = new Date();
    mp.authorize(id, now);
    const res = await mp.notify(t.baseUrl, { dataId: id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, outcome: 'accepted' });
    const sub = await waitForSubscription(client, (s) => s.status === 'trialing');
    expect(new Date(sub.nextChargeAt).getTime()).toBe(now.getTime() + 7 * DAY_MS);
    expect(sub.trialEndsAt).toBe(sub.nextChargeAt);
    expect(sub.providerStatus).toBe('authorized');
    const overview = (await client.get('/api/subscription')).body;
    expect(overview).toMatchObject({ servesCustomers: true, limitsPlanId: 'standard' });
  });

  it('authorized with the trial already over (first charge in the past) is active', async () => {
    const { client, id } = await checkout();
    mp.authorize(id, new Date(Date.now() - 10 * DAY_MS));
    await mp.notify(t.baseUrl, { dataId: id });
    const sub = await waitForSubscription(client, (s) => s.status !== 'pending');
    expect(sub.status).toBe('active');
    expect((await client.get('/api/subscription')).body.servesCustomers).toBe(true);
  });

  it('refuses absent, wrong and stale signatures and changes nothing', async () => {
    const { client, id } = await checkout();
    mp.authorize(id);
    const gets = mp.gets(id);
    const absent = await mp.notify(t.baseUrl, { dataId: id, signature: null });
    const wrong = await mp.notify(t.baseUrl, { dataId: id, secret: 'not-the-secret' });
    const stale = await mp.notify(t.baseUrl, {
      dataId: id,
      ts: Math.floor(Date.now() / 1000) - 3600,
    });
    const garbled = await mp.notify(t.baseUrl, { dataId: id, signature: 'ts=abc,v1=zz' });
    for (const res of [absent, wrong, stale, garbled]) {
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('WEBHOOK_SIGNATURE');
    }
    // A valid signature for another id does not cover this one.
    const other = await mp.notify(t.baseUrl, { dataId: 'another-id' });
    expect(other.status).toBe(200);
    expect(mp.gets(id)).toBe(gets);
    expect((await client.get('/api/subscription')).body.subscription.status).toBe('pending');
  });

  it('processes a notification once, even replayed with its unsigned fields edited', async () => {
    const { client, id } = await checkout();
    mp.authorize(id);
    const signed = { dataId: id, requestId: `req-${id}`, ts: Math.floor(Date.now() / 1000) };
    const first = await mp.notify(t.baseUrl, { ...signed, notificationId: `n-${id}` });
    const replay = await mp.notify(t.baseUrl, { ...signed, notificationId: `n-${id}` });
    const edited = await mp.notify(t.baseUrl, {
      ...signed,
      notificationId: `edited-${id}`,
      action: 'created',
      type: 'subscription_authorized_payment',
    });
    expect(first.body.outcome).toBe('accepted');
    for (const res of [replay, edited]) {
      expect(res.status).toBe(200);
      expect(res.body.outcome).toBe('duplicate');
    }
    await waitForSubscription(client, (s) => s.status === 'trialing');
    expect(mp.gets(id)).toBe(1);
  });

  it('out of order: an old "authorized" notification after the cancellation leaves it cancelled', async () => {
    const { client, id } = await trialing();
    mp.setStatus(id, 'cancelled');
    await mp.notify(t.baseUrl, { dataId: id });
    await waitForSubscription(client, (s) => s.status === 'cancelled');
    // The delayed notification of the earlier authorization arrives now.
    await mp.notify(t.baseUrl, { dataId: id });
    const gets = mp.gets(id);
    await waitForSubscription(client, () => mp.gets(id) > gets);
    const sub = (await client.get('/api/subscription')).body.subscription;
    expect(sub.status).toBe('cancelled');
    expect(sub.nextChargeAt).toBeNull();
  });

  it('moves paused and back, keeps an unknown status without changing ours, and cancelled is final', async () => {
    const { client, id } = await trialing();
    mp.setStatus(id, 'paused');
    await mp.notify(t.baseUrl, { dataId: id });
    await waitForSubscription(client, (s) => s.status === 'paused');
    expect((await client.get('/api/subscription')).body.servesCustomers).toBe(false);

    mp.setStatus(id, 'authorized');
    await mp.notify(t.baseUrl, { dataId: id });
    await waitForSubscription(client, (s) => s.status === 'trialing');

    mp.setStatus(id, 'finished');
    await mp.notify(t.baseUrl, { dataId: id });
    const kept = await waitForSubscription(client, (s) => s.providerStatus === 'finished');
    expect(kept.status).toBe('trialing');

    mp.setStatus(id, 'cancelled');
    await mp.notify(t.baseUrl, { dataId: id });
    await waitForSubscription(client, (s) => s.status === 'cancelled');
    mp.setStatus(id, 'authorized');
    await mp.notify(t.baseUrl, { dataId: id });
    const final = await waitForSubscription(client, (s) => s.providerStatus === 'authorized');
    expect(final.status).toBe('cancelled');
  });

  it('an authorized-payment notification re-reads its installment and then the preapproval', async () => {
    const { client, id } = await checkout();
    mp.authorize(id);
    mp.authorizedPayments.set('7001', {
      id: 7001,
      preapproval_id: id,
      status: 'scheduled',
      transaction_amount: 129.9,
      debit_date: new Date(Date.now() + 7 * DAY_MS).toISOString(),
      payment: { id: 1, status: 'pending' },
    });
    const res = await mp.notify(t.baseUrl, {
      dataId: '7001',
      type: 'subscription_authorized_payment',
    });
    expect(res.body.outcome).toBe('accepted');
    await waitForSubscription(client, (s) => s.status === 'trialing');
  });
  it('a refused charge notifies the owner once (the bell), an approved one does not', async () => {
    const { client, id } = await checkout();
    mp.authorize(id);
    const installment = (paymentId: number, status: string, payment: string) => ({
      id: paymentId,
      preapproval_id: id,
      status,
      transaction_amount: 129.9,
      debit_date: new Date().toISOString(),
      payment: { id: paymentId, status: payment },
    });
    mp.authorizedPayments.set('7101', installment(7101, 'processed', 'approved'));
    await mp.notify(t.baseUrl, { dataId: '7101', type: 'subscription_authorized_payment' });
    mp.authorizedPayments.set('7102', installment(7102, 'recycling', 'rejected'));
    await mp.notify(t.baseUrl, { dataId: '7102', type: 'subscription_authorized_payment' });
    const notifications = async () =>
      (await client.get('/api/notifications')).body.items as { kind: string }[];
    await waitFor(async () => ((await notifications()).length > 0 ? true : null), 'a notification');
    // The same refusal notified again (the provider's retry of the webhook) is not news.
    await mp.notify(t.baseUrl, { dataId: '7102', type: 'subscription_authorized_payment' });
    await waitFor(async () => {
      const [row] = await queryRows<{ n: number }>(
        t.ctx.database.db,
        sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${SYNC_QUEUE}
              AND data->>'dataId' = '7102' AND state = 'completed'`,
      );
      return row!.n === 2 ? true : null;
    }, 'both syncs of the refused charge');
    expect((await notifications()).map((n) => n.kind)).toEqual(['payment-problem']);
  });
});

describe('cancel, plan change and reconciliation', () => {
  it('cancels from the app with PUT status cancelled; nothing charged afterwards', async () => {
    const { client, id } = await trialing();
    const res = await client.post('/api/subscription/cancel');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', nextChargeAt: null });
    expect(res.body.cancelledAt).toEqual(expect.any(String));
    const put = mp.requests.filter((r) => r.method === 'PUT' && r.path === `/preapproval/${id}`);
    expect(put).toHaveLength(1);
    expect(put[0]!.body).toEqual({ status: 'cancelled' });
    expect(put[0]!.headers['x-idempotency-key']).toEqual(expect.any(String));
    expect(mp.preapprovals.get(id)!.status).toBe('cancelled');
    const again = await client.post('/api/subscription/cancel');
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('SUBSCRIPTION_NOT_FOUND');
  });

  it('changes plan by updating the amount; an active subscriber cannot check out again', async () => {
    const { client, id } = await trialing();
    const res = await client.put('/api/subscription/plan', { planId: 'multi' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ planId: 'multi', amountCents: 39990, status: 'trialing' });
    const put = mp.requests.filter((r) => r.method === 'PUT' && r.path === `/preapproval/${id}`);
    expect(put.at(-1)!.body).toEqual({
      auto_recurring: { transaction_amount: 399.9, currency_id: 'BRL' },
    });
    const same = await client.put('/api/subscription/plan', { planId: 'multi' });
    expect(same.status).toBe(409);
    const consult = await client.put('/api/subscription/plan', { planId: 'consultoria' });
    expect(consult.body.code).toBe('PLAN_CONTACT_SALES');
    const dup = await client.post('/api/subscriptions/create', {
      planId: 'basico',
      userEmail: 'x@y.com',
      userName: 'X',
    });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('SUBSCRIPTION_EXISTS');
    expect(dup.body.message).toContain('Mudar plano');
  });

  it('reconciliation re-reads every subscription that is not final', async () => {
    const a = await checkout();
    const b = await trialing();
    // Notifications that never arrived.
    mp.authorize(a.id);
    mp.setStatus(b.id, 'paused');
    const result = await reconcileAll(t.ctx, t.app.log);
    expect(result.failed).toBe(0);
    expect(result.changed).toBeGreaterThanOrEqual(2);
    expect((await a.client.get('/api/subscription')).body.subscription.status).toBe('trialing');
    expect((await b.client.get('/api/subscription')).body.subscription.status).toBe('paused');
  });
});
