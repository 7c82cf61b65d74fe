import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agents, whatsappInstances } from '../../db/schema';
import { signedInClient } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/harness';
import { SUBSCRIBED_EVENTS } from './evolution-events';
import { messageDataSchema, webhookEnvelopeSchema } from './evolution-webhook';
import type { GatewayError } from './gateway-error';
import { simulatorHandles, uniqueName, type SimulatorHandles } from './testing/simulator-helpers';
import { startWebhookReceiver, type WebhookReceiver } from './testing/webhook-receiver';

/** Sending, media and webhook delivery against the simulator. */
let t: TestApp;
let s: SimulatorHandles;
let hooks: WebhookReceiver;
let name: string;
let token: string;
const OWNER = '5511912340000';

beforeAll(async () => {
  t = await startTestApp();
  s = await simulatorHandles(t);
  hooks = await startWebhookReceiver();
});
afterAll(async () => {
  await t.close();
  await hooks.close();
});

/** A fresh, connected instance per test; webhook with base64 and a secret header. */
beforeEach(async () => {
  hooks.respond = () => 200;
  name = uniqueName();
  const webhook = { url: hooks.url, headers: { 'x-secret': 'abc' }, events: SUBSCRIBED_EVENTS };
  ({ token } = await s.client.createInstance({ instanceName: name, webhook }));
  await s.control('POST', `/${name}/scan`, { number: OWNER });
});

const mine = (event: string) => (h: { body: Record<string, any> }) =>
  h.body.instance === name && h.body.event === event;
const inbound = (json: Record<string, unknown>) => s.control('POST', `/${name}/messages`, json);

describe('sending', () => {
  it('sendText answers 201 with the message and fires send.message; delay blocks', async () => {
    const started = Date.now();
    const sent = await s.client.sendText(name, {
      number: '5511987654321',
      text: 'Olá!',
      delay: 300,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(sent.key).toMatchObject({ remoteJid: '5511987654321@s.whatsapp.net', fromMe: true });
    expect(sent.key.id).toMatch(/^3EB0[0-9A-F]{18}$/);
    expect(sent).toMatchObject({
      message: { conversation: 'Olá!' },
      messageType: 'conversation',
      status: 'PENDING',
    });

    const [hook] = await hooks.waitFor(mine('send.message'));
    const envelope = webhookEnvelopeSchema.parse(hook!.body);
    expect(envelope).toMatchObject({
      instance: name,
      apikey: token,
      sender: `${OWNER}@s.whatsapp.net`,
      destination: hooks.url,
    });
    expect(envelope.date_time).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    expect(messageDataSchema.parse(envelope.data).key.id).toBe(sent.key.id);
    expect(hook!.headers['x-secret']).toBe('abc');
    expect(hook!.headers['content-type']).toMatch(/application\/json/);

    const log = await s.control('GET', `/${name}/messages?number=5511987654321`);
    expect(log.body).toEqual([
      expect.objectContaining({ keyId: sent.key.id, direction: 'out', text: 'Olá!' }),
    ]);
  });

  it('drops the 9th digit of Brazilian mobiles in DDD ≥ 31, like createJid', async () => {
    const sent = await s.client.sendText(name, { number: '5531987654321', text: 'oi' });
    expect(sent.key.remoteJid).toBe('553187654321@s.whatsapp.net');
  });

  it('refuses unknown numbers with exists:false and a closed instance as not connected', async () => {
    const err = await s.client
      .sendText(name, { number: '123', text: 'x' })
      .catch((e: unknown) => e);
    expect((err as GatewayError).code).toBe('GATEWAY_BAD_REQUEST');
    const raw = await s.raw.post(
      `/message/sendText/${name}`,
      { number: '123', text: 'x' },
      { headers: { apikey: token } },
    );
    expect(raw.body.response.message).toEqual([
      { exists: false, jid: '123@s.whatsapp.net', number: '123' },
    ]);
    const blank = await s.raw.post(
      `/message/sendText/${name}`,
      { number: OWNER },
      { headers: { apikey: token } },
    );
    expect(blank.body.response.message).toEqual([['instance requires property "text"']]);

    const fresh = uniqueName();
    await s.client.createInstance({
      instanceName: fresh,
      webhook: { url: hooks.url },
      qrcode: false,
    });
    const never = await s.client
      .sendText(fresh, { number: OWNER, text: 'x' })
      .catch((e: unknown) => e);
    expect((never as GatewayError).code).toBe('GATEWAY_NOT_CONNECTED');
  });

  it('sendPresence needs number, presence and delay, and blocks for the delay', async () => {
    const missing = await s.raw.post(
      `/chat/sendPresence/${name}`,
      { number: OWNER, presence: 'composing' },
      { headers: { apikey: token } },
    );
    expect(missing.status).toBe(400);
    expect(missing.body.response.message).toEqual([['instance requires property "delay"']]);
    const started = Date.now();
    expect(
      await s.client.sendPresence(name, { number: OWNER, presence: 'composing', delay: 200 }),
    ).toEqual({ presence: 'composing' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('sends a voice note and serves its media back as base64', async () => {
    const audio = Buffer.from('OggS fake opus bytes').toString('base64');
    const sent = await s.client.sendWhatsAppAudio(name, { number: '5511987654321', audio });
    expect(sent.messageType).toBe('audioMessage');
    const media = await s.client.getBase64FromMediaMessage(name, {
      message: { key: { id: sent.key.id } },
    });
    expect(media).toMatchObject({
      mediaType: 'audioMessage',
      base64: audio,
      mimetype: 'audio/ogg; codecs=opus',
    });
  });
});

describe('customer messages and media', () => {
  it('delivers messages.upsert with a unique key, pushName and timestamp', async () => {
    const res = await inbound({
      from: '+55 11 98765-4321',
      text: 'Oi, tudo bem?',
      pushName: 'Alice',
    });
    expect(res.status).toBe(201);
    const [hook] = await hooks.waitFor(mine('messages.upsert'));
    const data = messageDataSchema.parse(hook!.body.data);
    expect(data.key).toMatchObject({ remoteJid: '5511987654321@s.whatsapp.net', fromMe: false });
    expect(data.key.id).toMatch(/^3EB0/);
    expect(data).toMatchObject({
      pushName: 'Alice',
      messageType: 'conversation',
      message: { conversation: 'Oi, tudo bem?' },
    });
    expect(Math.abs(Number(data.messageTimestamp) - Date.now() / 1000)).toBeLessThan(5);
    await inbound({ from: '5511987654321', text: 'de novo' });
    const both = await hooks.waitFor(mine('messages.upsert'), 2);
    expect(both[0]!.body.data.key.id).not.toBe(both[1]!.body.data.key.id);
  });

  it('sends @lid senders with the phone JID in remoteJidAlt, and groups with a participant', async () => {
    await inbound({ from: '5511987654321', text: 'lid', lid: true });
    await inbound({ from: '5511987654321', text: 'grupo', group: '120363012345678901' });
    const [lid, group] = await hooks.waitFor(mine('messages.upsert'), 2);
    expect(lid!.body.data.key.remoteJid).toMatch(/^\d{15}@lid$/);
    expect(lid!.body.data.key).toMatchObject({
      remoteJidAlt: '5511987654321@s.whatsapp.net',
      addressingMode: 'lid',
    });
    expect(group!.body.data.key).toMatchObject({
      remoteJid: '120363012345678901@g.us',
      participant: '5511987654321@s.whatsapp.net',
    });
  });

  it('inlines audio base64 when the webhook asks for it; getBase64FromMediaMessage agrees', async () => {
    const base64 = Buffer.from('a voice note').toString('base64');
    await inbound({ from: '5511987654321', audio: { base64, seconds: 3 } });
    const [hook] = await hooks.waitFor(mine('messages.upsert'));
    const data = messageDataSchema.parse(hook!.body.data);
    expect(data.messageType).toBe('audioMessage');
    expect(data.message?.audioMessage).toMatchObject({
      mimetype: 'audio/ogg; codecs=opus',
      ptt: true,
      seconds: 3,
    });
    expect(data.message?.base64).toBe(base64);
    const media = await s.client.getBase64FromMediaMessage(name, { message: hook!.body.data });
    expect(media.base64).toBe(base64);
    await inbound({ from: '5511987654321', text: 'texto' });
    const [text] = await hooks.waitFor(mine('messages.upsert'), 2).then((h) => h.slice(1));
    const notMedia = await s.client
      .getBase64FromMediaMessage(name, { message: text!.body.data })
      .catch((e: unknown) => e);
    expect((notMedia as GatewayError).code).toBe('GATEWAY_BAD_REQUEST');
    await s.client.markMessageAsRead(name, [
      { remoteJid: data.key.remoteJid, fromMe: false, id: data.key.id },
    ]);
  });

  it('can duplicate and reorder deliveries (at-least-once, out of order)', async () => {
    await inbound({ from: '5511987654321', text: 'primeira', delayMs: 300 });
    await inbound({ from: '5511987654321', text: 'segunda', copies: 2 });
    const hooksSeen = await hooks.waitFor(mine('messages.upsert'), 3);
    expect(hooksSeen.map((h) => h.body.data.message.conversation)).toEqual([
      'segunda',
      'segunda',
      'primeira',
    ]);
  });

  it('marks phone-typed messages fromMe with pushName "Você"', async () => {
    await inbound({ from: '5511987654321', text: 'deixa comigo', fromMe: true });
    const [hook] = await hooks.waitFor(mine('messages.upsert'));
    expect(hook!.body.data.key.fromMe).toBe(true);
    expect(hook!.body.data.pushName).toBe('Você');
  });
});

describe('webhook delivery retries', () => {
  it('retries a 500 until it succeeds, and never retries a 401', async () => {
    let failing = 2;
    hooks.respond = (h) => (mine('messages.upsert')(h) && failing-- > 0 ? 500 : 200);
    await inbound({ from: '5511987654321', text: 'retry' });
    const tries = await hooks.waitFor(mine('messages.upsert'), 3);
    expect(new Set(tries.map((h) => h.body.data.key.id)).size).toBe(1);

    hooks.respond = (h) => (mine('messages.upsert')(h) ? 401 : 200);
    await inbound({ from: '5511987654321', text: 'refused' });
    await s.control('POST', '/_drain');
    expect(
      hooks.received.filter(
        (h) => mine('messages.upsert')(h) && h.body.data.message.conversation === 'refused',
      ),
    ).toHaveLength(1);
  });
});

describe('control API auth', () => {
  it('needs the global key or the session of the instance owner', async () => {
    expect((await s.raw.get(`/_sim/${name}`)).status).toBe(401);
    expect((await s.raw.get(`/_sim/${name}`, { headers: { apikey: token } })).status).toBe(401);
    const { client } = await signedInClient(t.baseUrl);
    expect((await client.get(`/simulator/evolution/_sim/${name}`)).status).toBe(404);
    expect((await client.get('/simulator/evolution/_sim')).body).toEqual([]);
    expect((await s.control('GET', `/${name}`)).body).toMatchObject({
      instanceName: name,
      state: 'open',
    });

    // The owner: an agent of theirs holds this instance (whatsapp_instances.instance_name).
    const owner = await signedInClient(t.baseUrl);
    const [agent] = await t.database.db
      .insert(agents)
      .values({ ownerId: owner.id, name: 'Atendente', systemPrompt: 'Seja útil.' })
      .returning();
    await t.database.db
      .insert(whatsappInstances)
      .values({ instanceName: name, phoneNumber: OWNER, agentId: agent!.id });
    const own = await owner.client.get(`/simulator/evolution/_sim/${name}`);
    expect(own.status).toBe(200);
    expect(own.body.state).toBe('open');
    const path = `/simulator/evolution/_sim/${name}/messages`;
    const said = await owner.client.post(path, { from: '5511987654321', text: 'pelo simulador' });
    expect(said.status).toBe(201);
    const forged = await owner.client.post(
      path,
      { from: '5511987654321', text: 'de outro site' },
      { origin: 'https://evil.example' },
    );
    expect(forged.status).toBe(403);
    const chat = await owner.client.get(path);
    expect(chat.body.map((m: { text: string }) => m.text)).toEqual(['pelo simulador']);
    expect((await owner.client.get('/simulator/evolution/_sim')).body).toHaveLength(1);
  });
});
