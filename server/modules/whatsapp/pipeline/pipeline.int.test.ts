import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conversations,
  messages,
  usageRecords,
  webhookInbox,
  whatsappEvents,
} from '../../../db/schema';
import { subscribeViaSandbox } from '../../../test/billing-helpers';
import type { FakeOpenAI } from '../../../test/fake-openai';
import { startAppJobs } from '../../../jobs/app-jobs';
import type { TestApp } from '../../../test/harness';
import {
  conversationOf,
  createLine,
  customerSays,
  instanceRow,
  messagesOf,
  newOwner,
  phoneNumbers,
  repliesTo,
  settle,
  waitFor,
  startPipelineApp,
  stopPipelineApp,
  waitForReplies,
  type PipelineApp,
  type SimulatorHandles,
} from './testing/pipeline-helpers';
import { MODEL_TEXT_LIMIT } from './plan';

/**
 * The message pipeline over real HTTP: the built-in simulator posts real webhook envelopes to
 * POST /api/whatsapp/webhook, pg-boss jobs answer through the fake OpenAI-compatible model, and
 * the replies are read back from the simulated phone. Owners subscribe through the sandbox
 * checkout first (`newOwner`): only a trialing or active subscription answers customers.
 */
let app: PipelineApp;
let t: TestApp;
let s: SimulatorHandles;
let ai: FakeOpenAI;

beforeAll(async () => {
  app = await startPipelineApp();
  ({ t, s, ai } = app);
});
afterAll(() => stopPipelineApp(app));

/** The last part lands at the phone a moment before the turn's messages are marked done. */
const turnDone = (conversationId: number) =>
  waitFor(async () => {
    const list = await messagesOf(t, conversationId);
    return list.every((m) => m.status !== 'pending') ? list : null;
  }, 'turn done');

const newPhone = phoneNumbers(70000000);

describe('connection and the first answer', () => {
  it('stores the QR, connects on scan and answers a customer once, with the reply recorded', async () => {
    const owner = await newOwner(t);
    const line = await createLine(t, s, owner.agentId, { scan: false });
    const pending = await waitFor(async () => {
      const row = await instanceRow(t, line);
      return row.qrCode ? row : null;
    }, 'QR stored');
    expect(pending.status).toBe('AWAITING_QR_SCAN');
    expect(pending.qrCode).toMatch(/^data:image\/png;base64,/);

    await s.control('POST', `/${line.name}/scan`, { number: '5511912345678' });
    const connected = await waitFor(async () => {
      const row = await instanceRow(t, line);
      return row.status === 'CONNECTED' ? row : null;
    }, 'CONNECTED');
    expect(connected.connectedJid).toBe('5511912345678@s.whatsapp.net');
    expect(connected.qrCode).toBeNull();

    const phone = newPhone();
    await customerSays(s, line, { from: phone, text: 'Vocês abrem domingo?', pushName: 'Ana' });
    const [reply] = await waitForReplies(s, line, phone, 1);
    expect(reply!.text).toBe('eco: Vocês abrem domingo?');

    const conversation = (await conversationOf(t, owner.agentId, phone))!;
    expect(conversation).toMatchObject({ channel: 'whatsapp', contactName: 'Ana' });
    const stored = await turnDone(conversation.id);
    expect(stored.map((m) => [m.role, m.status, m.content])).toEqual([
      ['user', 'done', 'Vocês abrem domingo?'],
      ['assistant', 'done', 'eco: Vocês abrem domingo?'],
    ]);
    expect(stored[1]!.gatewayMessageId).toBe(reply!.keyId);
    expect(stored[1]!.outputTokens).toBeGreaterThan(0);
    expect(stored[1]!.latencyMs).not.toBeNull();
    // the model call is counted once, on the owner's usage, for WhatsApp
    const usage = await t.ctx.database.db
      .select()
      .from(usageRecords)
      .where(eq(usageRecords.agentId, owner.agentId));
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({
      channel: 'whatsapp',
      provider: 'openai',
      outputTokens: stored[1]!.outputTokens,
    });

    const events = await t.ctx.database.db
      .select()
      .from(whatsappEvents)
      .where(eq(whatsappEvents.instanceName, line.name));
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['qr', 'connection']));

    // Our own sent message comes back as send.message: recognised, never a takeover.
    await settle(t, s);
    const after = (await conversationOf(t, owner.agentId, phone))!;
    expect(after.botPausedUntil).toBeNull();
    expect(await repliesTo(s, line, phone)).toHaveLength(1);
  });

  it('splits a reply on paragraphs and sends each part, in order', async () => {
    const owner = await newOwner(t);
    const line = await createLine(t, s, owner.agentId);
    const phone = newPhone();
    const saved = ai.answer;
    ai.answer = () => ({ text: 'Olá!\n\nAbrimos às 7h.\n\nAté logo.' });
    try {
      await customerSays(s, line, { from: phone, text: 'Horário?' });
      const replies = await waitForReplies(s, line, phone, 3);
      expect(replies.map((r) => r.text)).toEqual(['Olá!', 'Abrimos às 7h.', 'Até logo.']);
      const conversation = (await conversationOf(t, owner.agentId, phone))!;
      // The last part lands at the phone a moment before it is recorded: wait for the turn.
      const assistant = (await turnDone(conversation.id)).filter((m) => m.role === 'assistant');
      expect(assistant.map((m) => m.gatewayMessageId)).toEqual(replies.map((r) => r.keyId));
    } finally {
      ai.answer = saved;
    }
  });
});

describe('delivery quirks', () => {
  it('answers a delivery that arrives three times exactly once', async () => {
    const owner = await newOwner(t);
    const line = await createLine(t, s, owner.agentId);
    const phone = newPhone();
    await customerSays(s, line, { from: phone, text: 'Tem pão de queijo?', copies: 3 });
    await waitForReplies(s, line, phone, 1);
    await settle(t, s);
    expect(await repliesTo(s, line, phone)).toHaveLength(1);
    const conversation = (await conversationOf(t, owner.agentId, phone))!;
    expect((await messagesOf(t, conversation.id)).filter((m) => m.role === 'user')).toHaveLength(1);
  });

  it('answers deliveries that arrive out of order, each once, in one conversation', async () => {
    const owner = await newOwner(t);
    const line = await createLine(t, s, owner.agentId);
    const phone = newPhone();
    await customerSays(s, line, { from: phone, text: 'primeira', delayMs: 600 });
    await customerSays(s, line, { from: phone, text: 'segunda' });
    await waitFor(async () => {
      const c = await conversationOf(t, owner.agentId, phone);
      if (!c) return null;
      const list = await messagesOf(t, c.id);
      return list.filter((m) => m.role === 'user' && m.status === 'done').length === 2;
    }, 'both answered');
    await settle(t, s);
    const conversation = (await conversationOf(t, owner.agentId, phone))!;
    const users = (await messagesOf(t, conversation.id)).filter((m) => m.role === 'user');
    expect(users.map((m) => m.content)).toEqual(['segunda', 'primeira']);
    // Answered once each: in two turns, or in one when both were waiting together.
    const texts = (await repliesTo(s, line, phone)).map((r) => r.text);
    expect(texts.join('\n')).toContain('segunda');
    expect(texts.join('\n')).toContain('primeira');
    expect(texts.length).toBeLessThanOrEqual(2);
  });

  it('ignores group messages unless the agent allows groups', async () => {
    const owner = await newOwner(t);
    const line = await createLine(t, s, owner.agentId);
    const phone = newPhone();
    await customerSays(s, line, { from: phone, text: 'oi grupo', group: '120363000000000001' });
    await settle(t, s);
    const groupJid = '120363000000000001@g.us';
    expect(await conversationOf(t, owner.agentId, groupJid)).toBeNull();
    const ignored = await t.ctx.database.db
      .select()
      .from(webhookInbox)
      .where(eq(webhookInbox.error, 'group'));
    expect(ignored.length).toBeGreaterThan(0);

    const allowing = await newOwner(t);
    const open = await createLine(t, s, allowing.agentId, { settings: { allowGroups: true } });
    await customerSays(s, open, { from: phone, text: 'oi grupo', group: '120363000000000002' });
    const out = await waitFor(async () => {
      const res = await s.control('GET', `/${open.name}/messages`);
      const sent = (res.body as { direction: string; remoteJid: string }[]).filter(
        (m) => m.direction === 'out',
      );
      return sent.length > 0 ? sent : null;
    }, 'group reply');
    expect(out[0]!.remoteJid).toBe('120363000000000002@g.us');
  });

  it('answers an @lid sender at the phone number from remoteJidAlt', async () => {
    const owner = await newOwner(t);
    const line = await createLine(t, s, owner.agentId);
    const phone = newPhone();
    const sent = await customerSays(s, line, { from: phone, text: 'oi', lid: true });
    expect(sent.key.remoteJid).toMatch(/@lid$/);
    const [reply] = await waitForReplies(s, line, phone, 1);
    expect(reply!.text).toBe('eco: oi');
    expect(await conversationOf(t, owner.agentId, phone)).not.toBeNull();
  });

  it('keeps one contact for both spellings of a Brazilian mobile (9th digit)', async () => {
    const owner = await newOwner(t);
    const line = await createLine(t, s, owner.agentId);
    // DDD 31: the gateway addresses it without the 9th digit (Evolution strips it from DDD ≥ 31).
    await customerSays(s, line, { from: '553188776655', text: 'sem nove' });
    await customerSays(s, line, { from: '5531988776655', text: 'com nove' });
    await waitFor(async () => {
      const c = await conversationOf(t, owner.agentId, '5531988776655');
      if (!c) return null;
      const list = await messagesOf(t, c.id);
      return list.filter((m) => m.role === 'user' && m.status === 'done').length === 2;
    }, 'both answered in one conversation');
    expect(await conversationOf(t, owner.agentId, '553188776655')).toBeNull();
  });
});

describe('human takeover', () => {
  it('pauses for a message typed on the phone, and a resume keyword brings the bot back', async () => {
    const owner = await newOwner(t);
    const line = await createLine(t, s, owner.agentId);
    const phone = newPhone();
    await customerSays(s, line, { from: phone, text: 'oi' });
    await waitForReplies(s, line, phone, 1);

    await customerSays(s, line, { from: phone, text: 'Deixa comigo, Ana!', fromMe: true });
    const paused = await waitFor(async () => {
      const c = await conversationOf(t, owner.agentId, phone);
      return c?.botPausedUntil ? c : null;
    }, 'paused');
    const minutes = (paused.botPausedUntil!.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);

    await customerSays(s, line, { from: phone, text: 'ok, obrigado' });
    await settle(t, s);
    expect(await repliesTo(s, line, phone)).toHaveLength(1);
    const stored = await messagesOf(t, paused.id);
    expect(stored.map((m) => [m.role, m.content])).toContainEqual(['human', 'Deixa comigo, Ana!']);

    await customerSays(s, line, { from: phone, text: '#retomar', fromMe: true });
    await waitFor(async () => {
      const c = await conversationOf(t, owner.agentId, phone);
      return c && c.botPausedUntil === null;
    }, 'resumed');
    await customerSays(s, line, { from: phone, text: 'e amanhã?' });
    const replies = await waitForReplies(s, line, phone, 2);
    expect(replies[1]!.text).toBe('eco: e amanhã?');
    const types = await t.ctx.database.db
      .select({ type: whatsappEvents.type })
      .from(whatsappEvents)
      .where(eq(whatsappEvents.instanceName, line.name));
    expect(types.map((e) => e.type)).toEqual(expect.arrayContaining(['takeover', 'resume']));
  });

  it('a pause keyword pauses until resumed; when the takeover time is over the bot answers', async () => {
    const owner = await newOwner(t);
    const line = await createLine(t, s, owner.agentId);
    const phone = newPhone();
    await customerSays(s, line, { from: phone, text: '#pausar', fromMe: true });
    const paused = await waitFor(async () => {
      const c = await conversationOf(t, owner.agentId, phone);
      return c?.botPausedUntil ? c : null;
    }, 'paused');
    expect(paused.botPausedUntil!.getTime() - Date.now()).toBeGreaterThan(24 * 60 * 60_000);

    // The pause runs out (as the takeover timer does after takeoverMinutes).
    await t.ctx.database.db
      .update(conversations)
      .set({ botPausedUntil: new Date(Date.now() - 1000) })
      .where(eq(conversations.id, paused.id));
    await customerSays(s, line, { from: phone, text: 'alguém aí?' });
    const [reply] = await waitForReplies(s, line, phone, 1);
    expect(reply!.text).toBe('eco: alguém aí?');
  });
});

describe('debounce', () => {
  it('answers three quick messages as one turn', async () => {
    const owner = await newOwner(t);
    const line = await createLine(t, s, owner.agentId, { settings: { debounceMs: 3000 } });
    const phone = newPhone();
    const before = ai.chatRequests.length;
    // The gateway posts webhooks without waiting for the previous one (Evolution does too), so
    // messages sent within a few milliseconds may reach us in any order: the customer here types
    // each one after the last has arrived, well inside the merge window.
    for (const text of ['Oi', 'quero um bolo', 'de chocolate']) {
      await customerSays(s, line, { from: phone, text });
      await s.control('POST', '/_drain');
    }
    const [reply] = await waitForReplies(s, line, phone, 1);
    expect(reply!.text).toBe('eco: Oi\nquero um bolo\nde chocolate');
    await settle(t, s);
    expect(await repliesTo(s, line, phone)).toHaveLength(1);
    const asked = ai.chatRequests.slice(before).filter((r) => JSON.stringify(r).includes('bolo'));
    expect(asked).toHaveLength(1);
    const conversation = (await conversationOf(t, owner.agentId, phone))!;
    expect(conversation.replyDueAt).toBeNull();
  });
});

describe('long messages', () => {
  it('stores a text beyond 4 096 characters whole and gives the model its first 4 096 with a marker', async () => {
    const owner = await newOwner(t);
    const line = await createLine(t, s, owner.agentId);
    const phone = newPhone();
    const long = `Quero encomendar ${'bolo de cenoura '.repeat(2000)}fim`;
    const before = ai.chatRequests.length;
    await customerSays(s, line, { from: phone, text: long });
    const [reply] = await waitForReplies(s, line, phone, 1);
    const asked = ai.chatRequests.slice(before).find((r) => JSON.stringify(r).includes('cenoura'));
    const userText = asked!.messages.at(-1)!.content as string;
    expect(userText).toBe(
      `${long.slice(0, MODEL_TEXT_LIMIT)}\n[… mensagem cortada aqui: mais ${long.length - MODEL_TEXT_LIMIT} caracteres não foram lidos]`,
    );
    expect(reply!.text.startsWith('eco: Quero encomendar')).toBe(true);
    const stored = await messagesOf(t, (await conversationOf(t, owner.agentId, phone))!.id);
    expect(stored.find((m) => m.role === 'user')!.content).toBe(long);
  });
});

describe('media and unsupported messages', () => {
  const oggBase64 = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(64, 1)]).toString('base64');
  const pngBase64 =
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

  it('transcribes a voice note and answers the transcript', async () => {
    const owner = await newOwner(t);
    const line = await createLine(t, s, owner.agentId);
    const phone = newPhone();
    ai.transcript = 'Qual é o horário de funcionamento?';
    await customerSays(s, line, { from: phone, audio: { base64: oggBase64, seconds: 3 } });
    const [reply] = await waitForReplies(s, line, phone, 1);
    expect(reply!.text).toBe('eco: Qual é o horário de funcionamento?');
    const conversation = (await conversationOf(t, owner.agentId, phone))!;
    const [user] = await messagesOf(t, conversation.id);
    expect(user).toMatchObject({ kind: 'audio', content: 'Qual é o horário de funcionamento?' });
    expect(ai.requests.some((r) => r.path === '/v1/audio/transcriptions')).toBe(true);
  });

  it('sends an image to the model as an image part, with its caption', async () => {
    const owner = await newOwner(t);
    const line = await createLine(t, s, owner.agentId);
    const phone = newPhone();
    const before = ai.chatRequests.length;
    await customerSays(s, line, {
      from: phone,
      image: { base64: pngBase64, mimetype: 'image/png', caption: 'Quanto custa este?' },
    });
    const [reply] = await waitForReplies(s, line, phone, 1);
    expect(reply!.text).toContain('Quanto custa este?');
    const request = ai.chatRequests.slice(before).find((r) => JSON.stringify(r).includes('Quanto'));
    const user = request!.messages.at(-1)!;
    expect(JSON.stringify(user.content)).toContain('image_url');
  });

  it('answers a sticker with the configurable polite message', async () => {
    const owner = await newOwner(t);
    const line = await createLine(t, s, owner.agentId, {
      settings: { unsupportedMessage: 'Só leio texto, áudio e fotos 🙂' },
    });
    const phone = newPhone();
    // The simulator only sends text, audio and images: a sticker is posted as the gateway would.
    const res = await fetch(`${t.baseUrl}/api/whatsapp/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-webhook-secret': line.secret },
      body: JSON.stringify({
        event: 'messages.upsert',
        instance: line.name,
        data: {
          key: { remoteJid: `${phone}@s.whatsapp.net`, fromMe: false, id: `STK${phone}` },
          pushName: 'Ana',
          message: { stickerMessage: { mimetype: 'image/webp' } },
          messageType: 'stickerMessage',
          messageTimestamp: Math.floor(Date.now() / 1000),
        },
      }),
    });
    expect(res.status).toBe(200);
    const [reply] = await waitForReplies(s, line, phone, 1);
    expect(reply!.text).toBe('Só leio texto, áudio e fotos 🙂');
    const conversation = (await conversationOf(t, owner.agentId, phone))!;
    const [user] = await turnDone(conversation.id);
    expect(user).toMatchObject({ kind: 'unsupported', status: 'done' });
  });
});

describe('failures', () => {
  it('a delivery stored but not yet queued when the process stopped is answered at the next start', async () => {
    const owner = await newOwner(t);
    const line = await createLine(t, s, owner.agentId);
    const phone = newPhone();
    // As after a crash between the acknowledgement and queueing its job: no job runner.
    const runner = t.ctx.jobs!;
    await runner.stop();
    t.ctx.jobs = null;
    await customerSays(s, line, { from: phone, text: 'ainda estão abertos?' });
    const stored = await waitFor(async () => {
      const rows = await t.ctx.database.db
        .select()
        .from(webhookInbox)
        .where(sql`${webhookInbox.dedupeKey} like ${`msg:agent:${line.instanceRowId}:%`}`);
      return rows.find((r) => JSON.stringify(r.payload).includes(phone));
    }, 'the delivery stored');
    expect(stored.status).toBe('received');
    expect(await repliesTo(s, line, phone)).toHaveLength(0);

    await startAppJobs(t.ctx, 'all', t.app.log);
    const [reply] = await waitForReplies(s, line, phone, 1);
    expect(reply!.text).toBe('eco: ainda estão abertos?');
  });

  it('gateway down for a while, then back: the reply is delivered once', async () => {
    const owner = await newOwner(t);
    const line = await createLine(t, s, owner.agentId);
    const phone = newPhone();
    await s.control('POST', '/_faults', { match: 'sendText', status: 500, times: 4 });
    try {
      await customerSays(s, line, { from: phone, text: 'vocês entregam?' });
      const [reply] = await waitForReplies(s, line, phone, 1);
      expect(reply!.text).toBe('eco: vocês entregam?');
      await settle(t, s);
      expect(await repliesTo(s, line, phone)).toHaveLength(1);
    } finally {
      await s.control('DELETE', '/_faults');
    }
  });

  it(
    'a model that keeps failing: retries, then the turn is failed and visible; retry answers it',
    { timeout: 60_000 },
    async () => {
      const owner = await newOwner(t);
      const line = await createLine(t, s, owner.agentId);
      const phone = newPhone();
      const saved = ai.answer;
      ai.answer = (req) =>
        JSON.stringify(req.messages).includes('falha total')
          ? { status: 400, error: 'invalid request' }
          : saved(req, 0);
      try {
        await customerSays(s, line, { from: phone, text: 'falha total' });
        const conversation = await waitFor(
          async () => {
            const c = await conversationOf(t, owner.agentId, phone);
            if (!c) return null;
            const list = await messagesOf(t, c.id);
            return list.some((m) => m.status === 'failed') ? c : null;
          },
          'failed turn',
          40_000,
        );
        const detail = await owner.client.get(
          `/api/agents/${owner.agentId}/conversations/${conversation.id}`,
        );
        expect(detail.status).toBe(200);
        expect(detail.body.conversation.failedCount).toBe(1);
        const failed = detail.body.messages[0];
        expect(failed).toMatchObject({ role: 'user', status: 'failed' });
        expect(failed.error).toMatch(/^A resposta não pôde ser enviada/);
        const dead = await t.ctx.database.db
          .select()
          .from(webhookInbox)
          .where(eq(webhookInbox.status, 'dead'));
        expect(dead.length).toBeGreaterThan(0);
        const failedEvents = await t.ctx.database.db
          .select()
          .from(whatsappEvents)
          .where(
            sql`${whatsappEvents.instanceName} = ${line.name} and ${whatsappEvents.type} = 'failed'`,
          );
        expect(failedEvents).toHaveLength(1);
        expect(await repliesTo(s, line, phone)).toHaveLength(0);

        ai.answer = () => ({ text: 'Agora sim!' });
        const retried = await owner.client.post(
          `/api/agents/${owner.agentId}/conversations/${conversation.id}/retry`,
        );
        expect(retried.status).toBe(200);
        const [reply] = await waitForReplies(s, line, phone, 1);
        expect(reply!.text).toBe('Agora sim!');
        const users = (await turnDone(conversation.id)).filter((m) => m.role === 'user');
        expect(users[0]).toMatchObject({ status: 'done', error: null });
      } finally {
        ai.answer = saved;
      }
    },
  );
});

describe('only owners with an active or trialing subscription answer customers', () => {
  const NOT_ANSWERED = 'Não respondido: a assinatura não está ativa (Configurações › Assinatura).';
  const asked = (text: string) =>
    ai.chatRequests.some((r) => JSON.stringify(r.messages).includes(text));
  const failedEvents = (instanceName: string) =>
    t.ctx.database.db
      .select()
      .from(whatsappEvents)
      .where(
        sql`${whatsappEvents.instanceName} = ${instanceName} and ${whatsappEvents.type} = 'failed'`,
      );
  const ignoredTurn = (agentId: number, phone: string, count = 1) =>
    waitFor(async () => {
      const c = await conversationOf(t, agentId, phone);
      if (!c) return null;
      const list = await messagesOf(t, c.id);
      return list.filter((m) => m.status === 'ignored').length >= count ? c : null;
    }, 'ignored turn');

  it('without a subscription the message is stored, ignored with the reason and not sent; once subscribed a new one is answered', async () => {
    const owner = await newOwner(t, { plan: null });
    const line = await createLine(t, s, owner.agentId);
    const phone = newPhone();
    await customerSays(s, line, { from: phone, text: 'Tem sonho de creme?', pushName: 'Bia' });
    const conversation = await ignoredTurn(owner.agentId, phone);

    // The owner sees the customer and the reason in the conversation list.
    const list = await owner.client.get(
      `/api/agents/${owner.agentId}/conversations?channel=whatsapp`,
    );
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({ id: conversation.id, contactId: phone, contactName: 'Bia' }),
    ]);
    const detail = await owner.client.get(
      `/api/agents/${owner.agentId}/conversations/${conversation.id}`,
    );
    expect(detail.status).toBe(200);
    expect(detail.body.messages).toEqual([
      expect.objectContaining({
        role: 'user',
        content: 'Tem sonho de creme?',
        status: 'ignored',
        error: NOT_ANSWERED,
      }),
    ]);
    const events = await failedEvents(line.name);
    expect(events.map((e) => e.detail)).toEqual([
      { contact: phone, conversationId: conversation.id, reason: 'subscription', messages: 1 },
    ]);
    // Nothing reached the model or the customer, and nothing is left scheduled.
    await settle(t, s);
    expect(asked('Tem sonho de creme?')).toBe(false);
    expect(await repliesTo(s, line, phone)).toHaveLength(0);
    expect((await conversationOf(t, owner.agentId, phone))!.replyDueAt).toBeNull();

    await subscribeViaSandbox(owner.client, owner.user);
    await customerSays(s, line, { from: phone, text: 'E pão de queijo?' });
    const [reply] = await waitForReplies(s, line, phone, 1);
    expect(reply!.text).toBe('eco: E pão de queijo?');
    const stored = await turnDone(conversation.id);
    expect(stored.map((m) => [m.role, m.status, m.content])).toEqual([
      ['user', 'ignored', 'Tem sonho de creme?'],
      ['user', 'done', 'E pão de queijo?'],
      ['assistant', 'done', 'eco: E pão de queijo?'],
    ]);
    // The ignored message is neither answered late nor part of the model's memory.
    expect(asked('Tem sonho de creme?')).toBe(false);
    expect(await failedEvents(line.name)).toHaveLength(1);
  });

  it('is decided when answering: a subscription cancelled while a message waits leaves it unanswered', async () => {
    const owner = await newOwner(t);
    // A debounce window long enough to cancel in while the message waits for its turn.
    const line = await createLine(t, s, owner.agentId, { settings: { debounceMs: 8000 } });
    const phone = newPhone();
    await customerSays(s, line, { from: phone, text: 'Vocês abrem feriado?' });
    await waitFor(async () => {
      const c = await conversationOf(t, owner.agentId, phone);
      const list = c ? await messagesOf(t, c.id) : [];
      return list.some((m) => m.role === 'user' && m.status === 'pending');
    }, 'message waiting for its turn');
    const cancelled = await owner.client.post('/api/subscription/cancel');
    expect(cancelled.body.status).toBe('cancelled');

    const conversation = await ignoredTurn(owner.agentId, phone);
    const [user] = await messagesOf(t, conversation.id);
    expect(user).toMatchObject({ status: 'ignored', error: NOT_ANSWERED });
    await settle(t, s);
    expect(asked('Vocês abrem feriado?')).toBe(false);
    expect(await repliesTo(s, line, phone)).toHaveLength(0);
  });
});

describe('the stored messages', () => {
  it('never stores one gateway message twice in a conversation', async () => {
    const dupes = await t.ctx.database.db.execute(
      sql`select conversation_id, gateway_message_id, count(*) from ${messages}
          where gateway_message_id is not null group by 1, 2 having count(*) > 1`,
    );
    expect((dupes as { rows: unknown[] }).rows).toHaveLength(0);
  });
});
