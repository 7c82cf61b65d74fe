import { and, eq, sql } from 'drizzle-orm';
import { SUBSCRIBED_EVENTS } from '../../../adapters/gateway/evolution-events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, webhookInbox } from '../../../db/schema';
import { HttpClient } from '../../../test/http-client';
import { SseReader } from '../../../test/sse-client';
import type { TestApp } from '../../../test/harness';
import { WEBHOOK_PATH, WEBHOOK_SECRET_HEADER } from '../whatsapp-shared';
import { receiptDedupeKey } from './store/store-inbox';
import {
  conversationOf,
  createLine,
  customerSays,
  messagesOf,
  newOwner,
  phoneNumbers,
  startPipelineApp,
  stopPipelineApp,
  waitFor,
  waitForReplies,
  type Line,
  type Owner,
  type PipelineApp,
  type SimulatorHandles,
} from './testing/pipeline-helpers';

/**
 * Delivery state of what we send: the gateway's `messages.update` receipts move an
 * outgoing message to delivered and read — never back — and the inbox shows it. The simulator
 * acknowledges each send (DELIVERY_ACK) and reads the chat when the contact opens it or writes
 * back (READ). Receipts that name no message of ours are recorded as ignored and change nothing.
 */
let app: PipelineApp;
let t: TestApp;
let s: SimulatorHandles;

beforeAll(async () => {
  app = await startPipelineApp();
  ({ t, s } = app);
});
afterAll(() => stopPipelineApp(app));

const newPhone = phoneNumbers(73000000);

type Json = any;

/** The agent's messages of the conversation as `GET /api/conversations/{id}` shows them. */
async function agentMessages(owner: Owner, conversationId: number) {
  const res = await owner.client.get(`/api/conversations/${conversationId}`);
  expect(res.status).toBe(200);
  return (res.body as { messages: Json[] }).messages.filter((m) => m.author === 'agent');
}

/** The messages of the conversation that went out, the agent's and a person's, as shown. */
async function outgoingMessages(owner: Owner, conversationId: number) {
  const res = await owner.client.get(`/api/conversations/${conversationId}`);
  expect(res.status).toBe(200);
  return (res.body as { messages: Json[] }).messages.filter((m) => m.author !== 'customer');
}

async function waitForDelivery(owner: Owner, conversationId: number, delivery: string) {
  return waitFor(async () => {
    const agent = await agentMessages(owner, conversationId);
    return agent.length > 0 && agent.every((m) => m.delivery === delivery) ? agent : null;
  }, `agent messages ${delivery}`);
}

/** A receipt as the gateway posts it to the line's webhook. */
async function postReceipt(line: Line, data: unknown) {
  const body = { event: 'messages.update', instance: line.name, data };
  const res = await new HttpClient(t.baseUrl).request('POST', WEBHOOK_PATH, {
    json: body,
    headers: { [WEBHOOK_SECRET_HEADER]: line.secret },
    origin: null,
  });
  expect(res.status).toBe(200);
  return res.body as { stored: number };
}

const receipt = (keyId: string, phone: string, status: string, fromMe = true) => ({
  messageId: 'cm0000000000000000000000',
  keyId,
  remoteJid: `${phone}@s.whatsapp.net`,
  fromMe,
  status,
  instanceId: 'b3e7',
});

/** How the pipeline recorded a stored receipt, once it has been handled. */
async function outcomeOf(line: Line, data: ReturnType<typeof receipt>) {
  const key = receiptDedupeKey(
    { kind: 'agent', id: line.instanceRowId, agentId: line.agentId, instanceName: line.name },
    data,
  );
  return waitFor(async () => {
    const rows = await t.ctx.database.db
      .select({ status: webhookInbox.status, error: webhookInbox.error })
      .from(webhookInbox)
      .where(and(eq(webhookInbox.source, 'whatsapp'), eq(webhookInbox.dedupeKey, key)));
    return rows[0] && rows[0].status !== 'received' ? rows[0] : null;
  }, `receipt ${data.status} of ${data.keyId} handled`);
}

/** An owner whose agent answered `phone` once; the simulator's own receipts off when `quiet`. */
async function answered(options: { quiet?: boolean } = {}) {
  const owner = await newOwner(t);
  const line = await createLine(t, s, owner.agentId);
  if (options.quiet) {
    // Every receipt of this line comes from the test, in the order it chooses.
    await s.client.setWebhook(line.name, {
      url: `${t.baseUrl}${WEBHOOK_PATH}`,
      headers: { [WEBHOOK_SECRET_HEADER]: line.secret },
      events: SUBSCRIBED_EVENTS.filter((name) => name !== 'MESSAGES_UPDATE'),
    });
  }
  const phone = newPhone();
  await customerSays(s, line, { from: phone, text: 'Vocês abrem domingo?' });
  const [reply] = await waitForReplies(s, line, phone, 1);
  const conversation = (await conversationOf(t, owner.agentId, phone))!;
  await waitFor(
    async () =>
      (await messagesOf(t, conversation.id)).some((m) => m.gatewayMessageId === reply!.keyId),
    'the reply recorded',
  );
  return { owner, line, phone, conversationId: conversation.id, keyId: reply!.keyId };
}

describe('delivery state from messages.update', () => {
  it("the agent's answer becomes delivered, then read when the customer opens the chat, and the owner's screen is told", async () => {
    const { owner, line, phone, conversationId } = await answered();
    const stream = await SseReader.open(owner.client, '/api/events');
    expect(stream.status).toBe(200);
    try {
      const [delivered] = await waitForDelivery(owner, conversationId, 'delivered');
      expect(delivered!.status).toBe('done');

      const read = await s.control('POST', `/${line.name}/read`, { number: phone });
      expect(read.status).toBe(200);
      expect(read.body).toEqual({ read: 1 });
      await waitForDelivery(owner, conversationId, 'read');
      await stream.until(
        (r) =>
          r.events.some(
            (e) =>
              e.event === 'conversation' && JSON.parse(e.data!).conversationId === conversationId,
          ),
        'the conversation announced',
      );
      const [row] = (await messagesOf(t, conversationId)).filter((m) => m.role === 'assistant');
      expect(row!.deliveryAt).toBeInstanceOf(Date);
      // Read already: opening the chat again sends nothing.
      expect((await s.control('POST', `/${line.name}/read`, { number: phone })).body).toEqual({
        read: 0,
      });
    } finally {
      await stream.close();
    }
  });

  it('a customer writing back has read what the agent sent before', async () => {
    const { owner, line, phone, conversationId } = await answered();
    await waitForDelivery(owner, conversationId, 'delivered');
    await customerSays(s, line, { from: phone, text: 'Obrigado!' });
    await waitForReplies(s, line, phone, 2);
    await waitFor(async () => {
      const [first, second] = await agentMessages(owner, conversationId);
      // The second answer came after the customer wrote: delivered, not read yet.
      return first?.delivery === 'read' && second?.delivery === 'delivered';
    }, 'the first answer read, the second delivered');
  });

  it("a person's reply from the inbox and a message the owner typed on the phone become delivered, then read, and the owner's screen is told", async () => {
    const { owner, line, phone, conversationId } = await answered();
    await waitForDelivery(owner, conversationId, 'delivered');
    const stream = await SseReader.open(owner.client, '/api/events');
    expect(stream.status).toBe(200);
    try {
      const sent = await owner.client.post(`/api/conversations/${conversationId}/messages`, {
        text: 'Aqui é a Maria: abrimos sim, das 8h às 12h.',
      });
      expect(sent.status).toBe(201);
      expect(sent.body).toMatchObject({ author: 'person', status: 'done', delivery: 'sent' });
      // The owner on the phone, from the business number: a person's message with its own id.
      await customerSays(s, line, { from: phone, text: 'Qualquer dúvida, chame.', fromMe: true });
      const delivered = await waitFor(async () => {
        const shown = await outgoingMessages(owner, conversationId);
        return shown.length === 3 && shown.every((m) => m.delivery === 'delivered') ? shown : null;
      }, "the person's messages delivered");
      expect(delivered.map((m) => [m.author, m.text])).toEqual([
        ['agent', 'eco: Vocês abrem domingo?'],
        ['person', 'Aqui é a Maria: abrimos sim, das 8h às 12h.'],
        ['person', 'Qualquer dúvida, chame.'],
      ]);
      await stream.until(
        (r) =>
          r.events.some(
            (e) =>
              e.event === 'conversation' && JSON.parse(e.data!).conversationId === conversationId,
          ),
        'the conversation announced',
      );
      const stored = await messagesOf(t, conversationId);
      expect(stored.filter((m) => m.role === 'human').every((m) => m.gatewayMessageId)).toBe(true);

      // The customer writes back (a person took over: no answer) and has read all three.
      await customerSays(s, line, { from: phone, text: 'Combinado, obrigado!' });
      await waitFor(async () => {
        const shown = await outgoingMessages(owner, conversationId);
        return shown.length === 3 && shown.every((m) => m.delivery === 'read');
      }, 'everything we sent read');
    } finally {
      await stream.close();
    }
  });

  it('never moves back: receipts arriving out of order leave the furthest state', async () => {
    const { owner, line, phone, conversationId, keyId } = await answered({ quiet: true });
    // Sent through the gateway, no receipt yet.
    expect((await agentMessages(owner, conversationId))[0]!.delivery).toBe('sent');

    await postReceipt(line, receipt(keyId, phone, 'READ'));
    await waitForDelivery(owner, conversationId, 'read');
    const readAt = (await messagesOf(t, conversationId)).find(
      (m) => m.role === 'assistant',
    )!.deliveryAt;

    for (const late of ['DELIVERY_ACK', 'SERVER_ACK', 'PLAYED']) {
      expect((await postReceipt(line, receipt(keyId, phone, late))).stored).toBe(1);
      expect(await outcomeOf(line, receipt(keyId, phone, late))).toEqual({
        status: 'ignored',
        error: 'stale',
      });
    }
    const [after] = (await messagesOf(t, conversationId)).filter((m) => m.role === 'assistant');
    expect(after!.delivery).toBe('read');
    expect(after!.deliveryAt).toEqual(readAt);
    expect((await agentMessages(owner, conversationId))[0]!.delivery).toBe('read');
    // The gateway's retry of a receipt is stored once.
    expect((await postReceipt(line, receipt(keyId, phone, 'READ'))).stored).toBe(0);
  });

  it('moves forward step by step: sent, delivered, read', async () => {
    const { owner, line, phone, conversationId, keyId } = await answered({ quiet: true });
    await postReceipt(line, receipt(keyId, phone, 'SERVER_ACK'));
    expect(await outcomeOf(line, receipt(keyId, phone, 'SERVER_ACK'))).toEqual({
      status: 'done',
      error: null,
    });
    await postReceipt(line, receipt(keyId, phone, 'DELIVERY_ACK'));
    await waitForDelivery(owner, conversationId, 'delivered');
    await postReceipt(line, receipt(keyId, phone, 'PLAYED'));
    await waitForDelivery(owner, conversationId, 'read');
  });

  it("a receipt for an unknown id, for the customer's message or another owner's message changes nothing", async () => {
    const mine = await answered({ quiet: true });
    const theirs = await answered({ quiet: true });
    const stored = await messagesOf(t, mine.conversationId);
    const customerId = stored.find((m) => m.role === 'user')!.gatewayMessageId!;

    await postReceipt(mine.line, receipt('3EB0UNKNOWN0000000000', mine.phone, 'READ'));
    expect(
      await outcomeOf(mine.line, receipt('3EB0UNKNOWN0000000000', mine.phone, 'READ')),
    ).toEqual({
      status: 'ignored',
      error: 'unknown-message',
    });
    // Our own read mark of the customer's message, and the same id claimed as ours.
    await postReceipt(mine.line, receipt(customerId, mine.phone, 'READ', false));
    await postReceipt(mine.line, receipt(customerId, mine.phone, 'DELIVERY_ACK'));
    expect(await outcomeOf(mine.line, receipt(customerId, mine.phone, 'READ', false))).toEqual({
      status: 'ignored',
      error: 'incoming',
    });
    expect(await outcomeOf(mine.line, receipt(customerId, mine.phone, 'DELIVERY_ACK'))).toEqual({
      status: 'ignored',
      error: 'incoming',
    });
    // Another owner's line naming my agent's message.
    await postReceipt(theirs.line, receipt(mine.keyId, mine.phone, 'READ'));
    expect(await outcomeOf(theirs.line, receipt(mine.keyId, mine.phone, 'READ'))).toEqual({
      status: 'ignored',
      error: 'unknown-message',
    });

    const after = await messagesOf(t, mine.conversationId);
    expect(after.map((m) => [m.role, m.delivery, m.deliveryAt])).toEqual(
      stored.map((m) => [m.role, null, null]),
    );
    expect((await agentMessages(mine.owner, mine.conversationId))[0]!.delivery).toBe('sent');
  });

  it('hostile or foreign receipts are acknowledged, recorded as ignored, and change nothing', async () => {
    const { owner, line, phone, conversationId, keyId } = await answered({ quiet: true });
    const ofLine = sql`${webhookInbox.payload}->'target'->>'instanceName' = ${line.name}`;
    const before = await t.ctx.database.db
      .select({ id: webhookInbox.id })
      .from(webhookInbox)
      .where(ofLine)
      .orderBy(webhookInbox.id);
    const lastId = before.at(-1)?.id ?? 0;
    const bodies: unknown[] = [
      'READ',
      null,
      [receipt(keyId, phone, 'READ')],
      { ...receipt(keyId, phone, 'READ'), keyId: { $ne: null } },
      { ...receipt(keyId, phone, 'READ'), keyId: 'x'.repeat(10_000) },
      { ...receipt(keyId, phone, 'READ'), fromMe: 'true' },
      { ...receipt(keyId, phone, 'READ'), status: 4 },
      { ...receipt(keyId, phone, 'READ'), remoteJid: '120363041967849074@g.us' },
      { ...receipt(keyId, phone, 'READ'), remoteJid: 'status@broadcast' },
      receipt(keyId, phone, 'DELETED'),
      receipt(keyId, phone, "READ'; DROP TABLE messages; --"),
      receipt(`${keyId}' OR '1'='1`, phone, 'READ'),
    ];
    for (const data of bodies) {
      expect([data, (await postReceipt(line, data)).stored]).toEqual([data, 1]);
    }

    const outcomes = await waitFor(async () => {
      const rows = await t.ctx.database.db
        .select({ id: webhookInbox.id, status: webhookInbox.status, error: webhookInbox.error })
        .from(webhookInbox)
        .where(ofLine)
        .orderBy(webhookInbox.id);
      const mine = rows.filter((r) => r.id > lastId);
      return mine.length >= bodies.length && mine.every((r) => r.status !== 'received')
        ? mine
        : null;
    }, 'the hostile receipts handled');
    expect(outcomes.map((o) => [o.status, o.error])).toEqual([
      ['ignored', 'invalid'],
      ['ignored', 'invalid'],
      ['ignored', 'invalid'],
      ['ignored', 'invalid'],
      ['ignored', 'invalid'],
      ['ignored', 'invalid'],
      ['ignored', 'invalid'],
      ['ignored', 'group'],
      ['ignored', 'jid'],
      ['ignored', 'status'],
      ['ignored', 'status'],
      ['ignored', 'unknown-message'],
    ]);
    const rows = await t.ctx.database.db
      .select({ delivery: messages.delivery })
      .from(messages)
      .where(eq(messages.conversationId, conversationId));
    expect(rows.every((r) => r.delivery === null)).toBe(true);
    expect((await agentMessages(owner, conversationId))[0]!.delivery).toBe('sent');
  });
});
