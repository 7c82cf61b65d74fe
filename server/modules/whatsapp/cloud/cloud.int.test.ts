import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client';
import { whatsappCloudNumbers } from '../../../db/schema';
import type { FakeGraph } from '../../../adapters/whatsapp-cloud/simulator/fake-graph';
import type { TestApp } from '../../../test/harness';
import { waitFor } from '../../../test/wait-for';
import {
  conversationOf,
  messagesOf,
  newOwner,
  type Owner,
} from '../pipeline/testing/pipeline-helpers';
import { CLOUD_WEBHOOK_PATH } from './cloud-webhook.routes';
import {
  CLOUD_TEST_VERIFY_TOKEN,
  connectOfficial,
  newCustomerPhone,
  newTenant as tenantOn,
  sentTo as sentOn,
  startCloudApp,
  stopCloudApp,
  type CloudApp,
} from './testing/cloud-helpers';

/**
 * The official line end to end over real HTTP: the app against a fake Graph API on loopback
 * (signed webhooks both ways), its reply jobs running. Connecting by hand and by Embedded Signup,
 * a customer's message answered once under Meta's duplicate deliveries, statuses moving the
 * delivery state, an echo from the Business app pausing the bot, a bad signature refused with
 * nothing stored, templates submitted and approved, and another owner's ids refused.
 */
let app: CloudApp;
let graph: FakeGraph;
let t: TestApp;

beforeAll(async () => {
  app = await startCloudApp();
  ({ graph, t } = app);
});
afterAll(() => stopCloudApp(app));

const newTenant = (coexistence = false) => tenantOn(graph, coexistence);
const sentTo = (pnid: string, phone: string) => sentOn(graph, pnid, phone);

/** An owner on Multi with an agent on the official number (manual connection). */
async function connectedOwner(): Promise<{ owner: Owner; pnid: string }> {
  const owner = await newOwner(t, { plan: 'multi' });
  return { owner, pnid: await connectOfficial(app, owner) };
}

describe('connecting an official number', () => {
  it('connects by hand: the view says cloud, the token is sealed at rest', async () => {
    const owner = await newOwner(t, { plan: 'multi' });
    const tenant = newTenant();
    const res = await owner.client.post(`/api/agents/${owner.agentId}/whatsapp/cloud`, {
      wabaId: tenant.wabaId,
      phoneNumberId: tenant.phoneNumberId,
      accessToken: tenant.token,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      channel: 'cloud',
      cloud: { phoneNumberId: tenant.phoneNumberId, wabaId: tenant.wabaId, status: 'connected' },
      cloudOffer: { allowed: true, signup: { appId: '1234567890', configId: '987654321' } },
    });
    expect(JSON.stringify(res.body)).not.toContain(tenant.token);
    const [row] = await t.ctx.database.db
      .select({ token: whatsappCloudNumbers.accessToken })
      .from(whatsappCloudNumbers)
      .where(eq(whatsappCloudNumbers.agentId, owner.agentId));
    expect(row!.token).not.toContain(tenant.token);
    expect(t.ctx.secrets.decrypt(row!.token)).toBe(tenant.token);
    const view = await owner.client.get(`/api/agents/${owner.agentId}/whatsapp`);
    expect(view.body).toMatchObject({ channel: 'cloud', hasInstance: false });
  });

  it('connects by Embedded Signup: the code exchanged, the app subscribed, the number registered', async () => {
    const owner = await newOwner(t, { plan: 'multi' });
    const tenant = newTenant();
    const code = graph.mintSignupCode(tenant.phoneNumberId);
    const res = await owner.client.post(`/api/agents/${owner.agentId}/whatsapp/cloud`, {
      code,
      wabaId: tenant.wabaId,
      phoneNumberId: tenant.phoneNumberId,
    });
    expect(res.status, res.text).toBe(201);
    expect(tenant.subscribed).toBe(true);
    expect(tenant.registeredPin).toMatch(/^\d{6}$/);
  });

  it('does not register a number that stays on the Business app (coexistence)', async () => {
    const owner = await newOwner(t, { plan: 'multi' });
    const tenant = newTenant(true);
    const code = graph.mintSignupCode(tenant.phoneNumberId);
    const res = await owner.client.post(`/api/agents/${owner.agentId}/whatsapp/cloud`, {
      code,
      wabaId: tenant.wabaId,
      coexistence: true,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      cloud: { coexistence: true, phoneNumberId: tenant.phoneNumberId },
    });
    expect(tenant.registeredPin).toBeNull();
  });

  it('refuses a plan that does not sell it, a wrong token and a code that expired', async () => {
    const standard = await newOwner(t, { plan: 'standard' });
    const tenant = newTenant();
    const body = {
      wabaId: tenant.wabaId,
      phoneNumberId: tenant.phoneNumberId,
      accessToken: tenant.token,
    };
    const refused = await standard.client.post(
      `/api/agents/${standard.agentId}/whatsapp/cloud`,
      body,
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'PLAN_NO_WHATSAPP_BUSINESS' });
    const view = await standard.client.get(`/api/agents/${standard.agentId}/whatsapp`);
    expect(view.body).toMatchObject({ channel: null, cloudOffer: { allowed: false } });

    const multi = await newOwner(t, { plan: 'multi' });
    const wrong = await multi.client.post(`/api/agents/${multi.agentId}/whatsapp/cloud`, {
      ...body,
      accessToken: `EAAT${'x'.repeat(40)}`,
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ code: 'WHATSAPP_CLOUD_TOKEN_REFUSED' });
    const expired = await multi.client.post(`/api/agents/${multi.agentId}/whatsapp/cloud`, {
      code: 'not-a-code-meta-issued',
      wabaId: tenant.wabaId,
    });
    expect(expired.status).toBe(422);
    expect(expired.body).toMatchObject({ code: 'WHATSAPP_CLOUD_SIGNUP_FAILED' });
    const missing = await multi.client.post(`/api/agents/${multi.agentId}/whatsapp/cloud`, {});
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors).toHaveProperty('accessToken');
  });

  it('another owner’s agent is a 404, and connecting it changes nothing', async () => {
    const { owner } = await connectedOwner();
    const other = await newOwner(t, { plan: 'multi' });
    const tenant = newTenant();
    const res = await other.client.post(`/api/agents/${owner.agentId}/whatsapp/cloud`, {
      wabaId: tenant.wabaId,
      phoneNumberId: tenant.phoneNumberId,
      accessToken: tenant.token,
    });
    expect(res.status).toBe(404);
    expect((await other.client.delete(`/api/agents/${owner.agentId}/whatsapp/cloud`)).status).toBe(
      404,
    );
    const view = await owner.client.get(`/api/agents/${owner.agentId}/whatsapp`);
    expect(view.body).toMatchObject({ channel: 'cloud' });
  });
});

describe('the official line’s messages', () => {
  it('answers a customer once, though Meta delivers the message twice', async () => {
    const { owner, pnid } = await connectedOwner();
    const phone = newCustomerPhone();
    await graph.inbound(pnid, {
      from: phone,
      name: 'Ana',
      text: 'Que horas abre?',
      duplicate: true,
    });
    await waitFor(async () => sentTo(pnid, phone).length === 1, 'the reply');
    expect(sentTo(pnid, phone)[0]!.body).toMatchObject({
      type: 'text',
      text: { body: 'Abrimos às 7h.' },
    });
    const conversation = await waitFor(
      () => conversationOf(t, owner.agentId, phone),
      'conversation',
    );
    const messages = await messagesOf(t, conversation.id);
    expect(messages.filter((m: { role: string }) => m.role === 'user')).toHaveLength(1);
    // the statuses Meta sends back move the reply to read
    await waitFor(async () => {
      const rows = await messagesOf(t, conversation.id);
      return rows.some(
        (m: { role: string; delivery: string | null }) =>
          m.role === 'assistant' && m.delivery === 'read',
      );
    }, 'read');
    // and the customer's message was marked read as the answer started
    expect(graph.state.reads.some((r) => r.pnid === pnid)).toBe(true);
    // nothing more goes out afterwards
    await new Promise((resolve) => setImmediate(resolve));
    expect(sentTo(pnid, phone)).toHaveLength(1);
  });

  it('a message the owner types on the Business app (echo) pauses the bot for that customer', async () => {
    const { owner, pnid } = await connectedOwner();
    const phone = newCustomerPhone();
    await graph.inbound(pnid, { from: phone, text: 'Oi' });
    await waitFor(async () => sentTo(pnid, phone).length === 1, 'first reply');
    await graph.echo(pnid, { to: phone, text: 'Oi Ana, aqui é a dona!' });
    const conversation = (await conversationOf(t, owner.agentId, phone))!;
    await waitFor(async () => {
      const [row] = await queryRows<{ paused: boolean }>(
        t.ctx.database.db,
        sql`SELECT bot_paused_until > now() AS paused FROM conversations WHERE id = ${conversation.id}`,
      );
      return row?.paused === true;
    }, 'paused');
    await graph.inbound(pnid, { from: phone, text: 'Tem pão de queijo?' });
    await waitFor(async () => {
      const rows = await messagesOf(t, conversation.id);
      return rows.filter((m: { role: string }) => m.role === 'user').length === 2;
    }, 'second message stored');
    const rows = await messagesOf(t, conversation.id);
    expect(
      rows.some(
        (m: { role: string; content: string }) => m.role === 'human' && m.content.includes('dona'),
      ),
    ).toBe(true);
    expect(sentTo(pnid, phone)).toHaveLength(1);
  });

  it('a customer’s photo is downloaded from Meta with the token, for its owner only', async () => {
    const { owner, pnid } = await connectedOwner();
    const phone = newCustomerPhone();
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('cloud-jpeg')]);
    await graph.inbound(pnid, {
      from: phone,
      type: 'image',
      caption: 'Olha o bolo',
      media: { data: jpeg, mimeType: 'image/jpeg' },
    });
    await waitFor(async () => sentTo(pnid, phone).length === 1, 'the answer');
    const conversation = (await conversationOf(t, owner.agentId, phone))!;
    const detail = await owner.client.get(`/api/conversations/${conversation.id}`);
    const photo = (
      detail.body.messages as { kind: string; text: string; mediaUrl: string | null }[]
    ).find((m) => m.kind === 'image')!;
    expect(photo).toMatchObject({ text: 'Olha o bolo' });
    const cookie = [...owner.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const file = await fetch(`${t.baseUrl}${photo.mediaUrl!}`, { headers: { cookie } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await file.arrayBuffer()).equals(jpeg)).toBe(true);
    const stranger = await newOwner(t, { plan: 'multi' });
    expect((await stranger.client.get(photo.mediaUrl!)).status).toBe(404);
  });

  it('refuses a delivery whose signature is wrong, and stores nothing', async () => {
    const before = await queryRows<{ n: number }>(
      t.ctx.database.db,
      sql`SELECT count(*)::int AS n FROM webhook_inbox`,
    );
    const body = JSON.stringify({ object: 'whatsapp_business_account', entry: [] });
    const res = await fetch(`${t.baseUrl}${CLOUD_WEBHOOK_PATH}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': `sha256=${'0'.repeat(64)}`,
      },
      body,
    });
    expect(res.status).toBe(401);
    const unsigned = await fetch(`${t.baseUrl}${CLOUD_WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(unsigned.status).toBe(401);
    const after = await queryRows<{ n: number }>(
      t.ctx.database.db,
      sql`SELECT count(*)::int AS n FROM webhook_inbox`,
    );
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('answers Meta’s verification handshake only with the verify token', async () => {
    const ok = await fetch(
      `${t.baseUrl}${CLOUD_WEBHOOK_PATH}?hub.mode=subscribe&hub.verify_token=${CLOUD_TEST_VERIFY_TOKEN}&hub.challenge=1158201444`,
    );
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    const bad = await fetch(
      `${t.baseUrl}${CLOUD_WEBHOOK_PATH}?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1`,
    );
    expect(bad.status).toBe(403);
  });
});

describe('losing access', () => {
  type Notice = { kind: string };
  const kinds = async (owner: Owner) =>
    ((await owner.client.get('/api/notifications')).body as { items: Notice[] }).items.map(
      (n) => n.kind,
    );

  it('a token Meta refuses (190) marks the number for reconnection and tells the owner once', async () => {
    const { owner, pnid } = await connectedOwner();
    const tenant = graph.state.tenants.get(pnid)!;
    tenant.token = 'EAAT-revoked-by-the-business';
    const phone = newCustomerPhone();
    await graph.inbound(pnid, { from: phone, text: 'Oi' });
    await waitFor(async () => {
      const view = await owner.client.get(`/api/agents/${owner.agentId}/whatsapp`);
      return view.body.cloud?.status === 'reconnect';
    }, 'reconnect');
    await waitFor(async () => (await kinds(owner)).includes('whatsapp-disconnected'), 'told');
    await graph.inbound(pnid, { from: phone, text: 'Alô?' });
    await graph.state.idle();
    expect((await kinds(owner)).filter((k) => k === 'whatsapp-disconnected')).toHaveLength(1);
    expect(sentTo(pnid, phone)).toHaveLength(0);
  });

  it('Meta removing the app from the account marks its numbers for reconnection', async () => {
    const { owner, pnid } = await connectedOwner();
    const tenant = graph.state.tenants.get(pnid)!;
    const status = await graph.state.postWebhook({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: tenant.wabaId,
          time: Math.floor(Date.now() / 1000),
          changes: [
            {
              field: 'account_update',
              value: { event: 'PARTNER_REMOVED', waba_info: { waba_id: tenant.wabaId } },
            },
          ],
        },
      ],
    });
    expect(status).toBe(200);
    const view = await owner.client.get(`/api/agents/${owner.agentId}/whatsapp`);
    expect(view.body.cloud.status).toBe('reconnect');
    expect(await kinds(owner)).toContain('whatsapp-disconnected');
  });
});

describe('templates', () => {
  it('submits a template, keeps Meta’s review in sync, and hides it from other owners', async () => {
    const { owner } = await connectedOwner();
    const res = await owner.client.post('/api/whatsapp/templates', {
      name: 'lembrete_horario',
      category: 'UTILITY',
      body: 'Olá {{1}}, seu horário é {{2}}.',
      examples: ['Ana', 'sábado às 10h'],
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      name: 'lembrete_horario',
      language: 'pt_BR',
      status: 'PENDING',
    });
    const id = (res.body as { id: number }).id;
    const submitted = [...graph.state.templates.values()].find(
      (tpl) => tpl.name === 'lembrete_horario',
    );
    expect(submitted).toBeDefined();
    await graph.approveTemplate(submitted!.id);
    await waitFor(
      async () =>
        (await owner.client.get(`/api/whatsapp/templates/${id}`)).body.status === 'APPROVED',
      'approved',
    );
    const list = await owner.client.get('/api/whatsapp/templates');
    expect(list.body.map((tpl: { id: number }) => tpl.id)).toContain(id);

    const other = await newOwner(t, { plan: 'multi' });
    expect((await other.client.get(`/api/whatsapp/templates/${id}`)).status).toBe(404);
    expect((await other.client.get('/api/whatsapp/templates')).body).toEqual([]);
    const noNumber = await other.client.post('/api/whatsapp/templates', {
      name: 'x',
      category: 'UTILITY',
      body: 'Oi',
    });
    expect(noNumber.status).toBe(409);
    const badVariables = await owner.client.post('/api/whatsapp/templates', {
      name: 'errado',
      category: 'UTILITY',
      body: 'Olá {{2}}',
      examples: ['Ana'],
    });
    expect(badVariables.status).toBe(400);
  });
});
