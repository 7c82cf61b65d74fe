import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, whatsappTemplates } from '../../../db/schema';
import { subscribeViaSandbox } from '../../../test/billing-helpers';
import { everyHour, ownerWithSchedule, SP, slotAhead } from '../../../test/appointments-helpers';
import { waitFor } from '../../../test/wait-for';
import { conversationOf, messagesOf } from '../pipeline/testing/pipeline-helpers';
import {
  connectOfficial,
  newCustomerPhone,
  sentTo,
  startCloudApp,
  stopCloudApp,
  type CloudApp,
} from './testing/cloud-helpers';

/**
 * WhatsApp's 24-hour window on the official line, enforced before anything is sent: a person's
 * late reply in the inbox is refused with the reason (nothing stored, nothing sent), inside the
 * window it goes free-form; a reminder to a customer who never wrote goes in the product's notice
 * template once Meta approved it — submitted when the number connected.
 */
const HOUR = 3_600_000;
let app: CloudApp;

beforeAll(async () => {
  app = await startCloudApp();
});
afterAll(() => stopCloudApp(app));

async function officialOwner() {
  const owner = await ownerWithSchedule(app.t, { subscribe: false, capacity: 20 });
  await subscribeViaSandbox(owner.client, owner.user, 'multi');
  const res = await owner.client.put(`/api/agents/${owner.agentId}/availability`, {
    timezone: SP,
    weekly: everyHour(20),
  });
  expect(res.status).toBe(200);
  const pnid = await connectOfficial(app, owner);
  return { ...owner, pnid };
}

/** The product's notice template, approved by the fake as Meta would after its review. */
async function approveNotice(ownerId: number) {
  const row = await waitFor(async () => {
    const [found] = await app.t.ctx.database.db
      .select()
      .from(whatsappTemplates)
      .where(and(eq(whatsappTemplates.ownerId, ownerId), eq(whatsappTemplates.purpose, 'notice')));
    return found;
  }, 'the notice template submitted on connect');
  expect(row.status).toBe('PENDING');
  await app.graph.approveTemplate(row.graphId!);
  await waitFor(async () => {
    const [found] = await app.t.ctx.database.db
      .select({ status: whatsappTemplates.status })
      .from(whatsappTemplates)
      .where(eq(whatsappTemplates.id, row.id));
    return found?.status === 'APPROVED';
  }, 'approved by webhook');
  return row;
}

describe('the 24-hour window on the official line', () => {
  it('refuses a person’s late reply with the reason, and sends one inside the window', async () => {
    const owner = await officialOwner();
    const phone = newCustomerPhone();
    await app.graph.inbound(owner.pnid, { from: phone, text: 'Oi' });
    await waitFor(async () => sentTo(app.graph, owner.pnid, phone).length === 1, 'the reply');
    const conversation = (await conversationOf(app.t, owner.agentId, phone))!;

    const inside = await owner.client.post(`/api/conversations/${conversation.id}/messages`, {
      text: 'Aqui é a Ana, já te ajudo.',
    });
    expect(inside.status, inside.text).toBe(201);
    await waitFor(
      async () => sentTo(app.graph, owner.pnid, phone).length === 2,
      'the person’s reply',
    );

    // The customer's last message 25 hours ago: the window has closed.
    await app.t.ctx.database.db
      .update(messages)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(and(eq(messages.conversationId, conversation.id), eq(messages.role, 'user')));
    const before = (await messagesOf(app.t, conversation.id)).length;
    const late = await owner.client.post(`/api/conversations/${conversation.id}/messages`, {
      text: 'Ainda quer o bolo?',
    });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({
      code: 'CLOUD_WINDOW_CLOSED',
      message: 'A conversa passou de 24 horas: envie um modelo aprovado.',
    });
    expect((await messagesOf(app.t, conversation.id)).length).toBe(before);
    expect(sentTo(app.graph, owner.pnid, phone)).toHaveLength(2);

    // What may go instead: an approved template, its variables filled in.
    const notice = await approveNotice(owner.id);
    const detail = await owner.client.get(`/api/conversations/${conversation.id}`);
    expect(detail.body.window).toMatchObject({
      closed: true,
      templates: [{ id: notice.id, name: notice.name, variables: 2 }],
    });
    const missing = await owner.client.post(`/api/conversations/${conversation.id}/template`, {
      templateId: notice.id,
      params: ['Padaria'],
    });
    expect(missing.status).toBe(400);
    const other = await officialOwner();
    const foreign = await other.client.post(`/api/conversations/${conversation.id}/template`, {
      templateId: notice.id,
      params: ['Padaria', 'Oi'],
    });
    expect(foreign.status).toBe(404);
    const template = await owner.client.post(`/api/conversations/${conversation.id}/template`, {
      templateId: notice.id,
      params: ['Padaria Pão Quente', 'Seu bolo ficou pronto!'],
    });
    expect(template.status, template.text).toBe(201);
    expect(template.body).toMatchObject({ author: 'person', status: 'done' });
    expect(template.body.text).toContain('Seu bolo ficou pronto!');
    const out = sentTo(app.graph, owner.pnid, phone);
    expect(out).toHaveLength(3);
    expect(out[2]!.body).toMatchObject({ type: 'template', template: { name: notice.name } });
  });

  it('a reminder to a customer who never wrote goes in the approved notice template', async () => {
    const owner = await officialOwner();
    const notice = await approveNotice(owner.id);
    const phone = newCustomerPhone();
    const startsAt = slotAhead(2 * HOUR + 60_000);
    const hours = (startsAt.getTime() - Date.now() - 3000) / HOUR;
    const saved = await owner.client.put(`/api/agents/${owner.agentId}/reminders`, {
      enabled: true,
      hoursBefore: [hours],
    });
    expect(saved.status).toBe(200);
    const booked = await owner.client.post('/api/appointments', {
      agentId: owner.agentId,
      serviceId: owner.serviceId,
      startsAt: startsAt.toISOString(),
      customerName: 'João Pereira',
      customerPhone: `+${phone}`,
    });
    expect(booked.status, booked.text).toBe(201);
    const [sent] = await waitFor(
      async () => {
        const out = sentTo(app.graph, owner.pnid, phone);
        return out.length > 0 ? out : null;
      },
      'the reminder',
      30_000,
    );
    expect(sent!.body).toMatchObject({
      type: 'template',
      template: { name: notice.name, language: { code: 'pt_BR' } },
    });
    const params = JSON.stringify(sent!.body.template);
    expect(params).toContain('Padaria Pão Quente');
    expect(params).toContain('Lembrete');
    // the transcript keeps the reminder's own words, sent once
    const conversation = (await conversationOf(app.t, owner.agentId, phone))!;
    const stored = await messagesOf(app.t, conversation.id);
    expect(stored.map((m: { origin: string | null }) => m.origin)).toEqual(['reminder']);
    expect(stored[0]!.gatewayMessageId).toBe(sent!.wamid);
    // Meta bills a utility template outside the window: its fee joins the reports' cost
    await waitFor(async () => {
      const [row] = await app.t.ctx.database.db
        .select({ pricing: messages.channelPricing })
        .from(messages)
        .where(eq(messages.id, stored[0]!.id));
      return row?.pricing?.type === 'regular';
    }, 'the status’s pricing');
    const today = new Date().toLocaleDateString('en-CA', { timeZone: SP });
    const overview = await owner.client.get(`/api/analytics/overview?from=${today}&to=${today}`);
    expect(overview.status, overview.text).toBe(200);
    const fee = 0.0068 * app.t.ctx.config.USD_BRL_RATE;
    expect(overview.body.costBrl).toBeCloseTo(fee, 3);
    expect(overview.body.byChannel).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ channel: 'whatsapp', costBrl: expect.closeTo(fee, 3) }),
      ]),
    );
    const usage = await owner.client.get('/api/analytics/usage');
    expect(usage.body.costBrl.monthToDate).toBeGreaterThanOrEqual(fee - 1e-9);
    // an agent with fees and no model call is still named on the usage card
    expect(usage.body.byAgent).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ agentId: owner.agentId, name: 'Salão da Ana' }),
      ]),
    );
  });

  it('a failed turn retried a day later goes as one template', { timeout: 60_000 }, async () => {
    const owner = await officialOwner();
    await approveNotice(owner.id);
    const phone = newCustomerPhone();
    // The model fails: after its retries the turn is marked failed, waiting for "Tentar novamente".
    // (400: not retried by the provider's client, so the job's own retries are what runs)
    app.ai.answer = () => ({ status: 400, error: 'invalid request' });
    await app.graph.inbound(owner.pnid, { from: phone, text: 'Vocês entregam?' });
    const conversation = await waitFor(() => conversationOf(app.t, owner.agentId, phone), 'stored');
    await waitFor(
      async () => {
        const rows = await messagesOf(app.t, conversation.id);
        return rows.some(
          (m: { role: string; status: string }) => m.role === 'user' && m.status === 'failed',
        );
      },
      'the turn failed',
      30_000,
    );
    // A day later the owner retries it.
    await app.t.ctx.database.db
      .update(messages)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(and(eq(messages.conversationId, conversation.id), eq(messages.role, 'user')));
    app.ai.answer = () => ({ text: 'Entregamos, sim.\n\nO frete é R$ 5.' });
    const retried = await owner.client.post(
      `/api/agents/${owner.agentId}/conversations/${conversation.id}/retry`,
    );
    expect(retried.status, retried.text).toBe(200);
    await waitFor(async () => sentTo(app.graph, owner.pnid, phone).length === 1, 'the late answer');
    const [late] = sentTo(app.graph, owner.pnid, phone);
    expect(late!.body).toMatchObject({ type: 'template' });
    const params = JSON.stringify(late!.body.template);
    expect(params).toContain('Entregamos, sim.');
    expect(params).toContain('O frete é R$ 5.');
    app.ai.answer = () => ({ text: 'Abrimos às 7h.' });
  });

  it('without an approved template, a reminder after the window is not sent free-form', async () => {
    const owner = await officialOwner();
    const phone = newCustomerPhone();
    const startsAt = slotAhead(2 * HOUR + 60_000);
    const hours = (startsAt.getTime() - Date.now() - 2000) / HOUR;
    await owner.client.put(`/api/agents/${owner.agentId}/reminders`, {
      enabled: true,
      hoursBefore: [hours],
    });
    const booked = await owner.client.post('/api/appointments', {
      agentId: owner.agentId,
      serviceId: owner.serviceId,
      startsAt: startsAt.toISOString(),
      customerName: 'João Pereira',
      customerPhone: `+${phone}`,
    });
    expect(booked.status).toBe(201);
    // its job ran and failed on the closed window: the fake took nothing for this customer
    await waitFor(
      async () => {
        const conversation = await conversationOf(app.t, owner.agentId, phone);
        return conversation ? (await messagesOf(app.t, conversation.id)).length > 0 : false;
      },
      'the reminder stored',
      30_000,
    );
    await app.graph.state.idle();
    expect(sentTo(app.graph, owner.pnid, phone)).toHaveLength(0);
  });
});
