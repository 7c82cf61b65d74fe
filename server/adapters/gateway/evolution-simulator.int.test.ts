import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { SUBSCRIBED_EVENTS } from './evolution-events';
import { GatewayError } from './gateway-error';
import { simulatorHandles, uniqueName, type SimulatorHandles } from './testing/simulator-helpers';
import { startWebhookReceiver, type WebhookReceiver } from './testing/webhook-receiver';

/** The client against the built-in simulator: instance lifecycle and error shapes. */
let t: TestApp;
let s: SimulatorHandles;
let hooks: WebhookReceiver;

beforeAll(async () => {
  t = await startTestApp();
  s = await simulatorHandles(t);
  hooks = await startWebhookReceiver();
});
afterAll(async () => {
  await t.close();
  await hooks.close();
});

const code = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (err: unknown) => (err instanceof GatewayError ? err.code : String(err)),
  );
const webhook = () => ({
  url: hooks.url,
  headers: { 'x-secret': 's3cr3t' },
  events: SUBSCRIBED_EVENTS,
});

describe('create', () => {
  it('creates with the inline webhook and answers a real QR PNG', async () => {
    const name = uniqueName();
    const created = await s.client.createInstance({ instanceName: name, webhook: webhook() });
    expect(created.token).toMatch(/^[0-9A-F-]{36}$/);
    expect(created.instance).toMatchObject({ instanceName: name, integration: 'WHATSAPP-BAILEYS' });
    expect(created.qr?.count).toBe(1);
    expect(created.qr?.code).toMatch(/^2@/);
    const png = Buffer.from(created.qr!.base64!.replace(/^data:image\/png;base64,/, ''), 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const [qr] = await hooks.waitFor(
      (h) => h.body.instance === name && h.body.event === 'qrcode.updated',
    );
    expect(qr!.body.data.qrcode).toMatchObject({ instance: name, code: created.qr!.code });
    expect(qr!.body.data.qrcode.count).toBeUndefined();
    expect(qr!.headers['x-secret']).toBe('s3cr3t');
    expect(qr!.body.apikey).toBe(created.token);
    expect(qr!.body.sender).toBeUndefined();
  });

  it('refuses a webhook without `events` with 400 and creates nothing', async () => {
    const name = uniqueName();
    const res = await s.raw.post(
      '/instance/create',
      { instanceName: name, integration: 'WHATSAPP-BAILEYS', webhook: { url: hooks.url } },
      { headers: { apikey: s.key } },
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      status: 400,
      error: 'Bad Request',
      response: { message: ["Cannot read properties of undefined (reading 'length')"] },
    });
    expect(await code(s.client.connectionState(name))).toBe('GATEWAY_NOT_FOUND');
  });

  it('refuses a missing integration with "Invalid integration"', async () => {
    const res = await s.raw.post(
      '/instance/create',
      { instanceName: uniqueName() },
      { headers: { apikey: s.key } },
    );
    expect(res.status).toBe(400);
    expect(res.body.response.message).toEqual(['Invalid integration']);
  });

  it('answers 403 for a name in use, even before the key is checked', async () => {
    const name = uniqueName();
    await s.client.createInstance({ instanceName: name, webhook: webhook(), qrcode: false });
    expect(await code(s.client.createInstance({ instanceName: name, webhook: webhook() }))).toBe(
      'GATEWAY_INSTANCE_EXISTS',
    );
    const res = await s.raw.post(
      '/instance/create',
      { instanceName: name },
      { headers: { apikey: 'nope' } },
    );
    expect(res.status).toBe(403);
    expect(res.body.response.message).toEqual([`This name "${name}" is already in use.`]);
  });
});

describe('auth and unknown instances', () => {
  it('answers 404 for an unknown instance even with no key, then 401 for a wrong key', async () => {
    const missing = await s.raw.get('/instance/connectionState/nope-x');
    expect(missing.status).toBe(404);
    expect(missing.body.response.message).toEqual(['The "nope-x" instance does not exist']);
    expect(await code(s.client.connect('nope-x'))).toBe('GATEWAY_NOT_FOUND');

    const name = uniqueName();
    const { token } = await s.client.createInstance({
      instanceName: name,
      webhook: webhook(),
      qrcode: false,
    });
    const wrong = await s.raw.get(`/instance/connectionState/${name}`, {
      headers: { apikey: 'wrong' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({
      status: 401,
      error: 'Unauthorized',
      response: { message: 'Unauthorized' },
    });
    const byToken = await s.raw.get(`/instance/connectionState/${name}`, {
      headers: { apikey: token },
    });
    expect(byToken.body).toEqual({ instance: { instanceName: name, state: 'close' } });
  });

  it('maps a wrong global key to GATEWAY_AUTH, and only the global key may create', async () => {
    const { EvolutionClient } = await import('./evolution-client');
    const bad = new EvolutionClient({
      baseUrl: `${t.baseUrl}/simulator/evolution`,
      apiKey: 'wrong',
    });
    expect(await code(bad.fetchInstances())).toBe('GATEWAY_AUTH');
    expect(await code(bad.createInstance({ instanceName: uniqueName(), webhook: webhook() }))).toBe(
      'GATEWAY_AUTH',
    );
  });
});

describe('connect, state, logout, delete', () => {
  it('walks close → connecting (QR) → open → close, with the webhooks of each step', async () => {
    const name = uniqueName();
    await s.client.createInstance({ instanceName: name, webhook: webhook(), qrcode: false });
    expect(await s.client.connectionState(name)).toBe('close');
    expect(await s.client.logout(name)).toEqual({ loggedOut: false });

    const first = await s.client.connect(name);
    expect(first.state).toBe('connecting');
    const again = await s.client.connect(name);
    expect(again).toEqual(first);
    expect(await s.client.connectionState(name)).toBe('connecting');

    const scan = await s.control('POST', `/${name}/scan`, {
      number: '5511987650000',
      profileName: 'Loja',
    });
    expect(scan.body.state).toBe('open');
    expect(await s.client.connect(name)).toEqual({ state: 'open' });
    const [open] = await hooks.waitFor(
      (h) =>
        h.body.instance === name &&
        h.body.event === 'connection.update' &&
        h.body.data.state === 'open',
    );
    expect(open!.body.data).toMatchObject({
      wuid: '5511987650000@s.whatsapp.net',
      profileName: 'Loja',
      statusReason: 200,
    });
    expect(open!.body.sender).toBe('5511987650000@s.whatsapp.net');

    const [listed] = await s.client.fetchInstances({ instanceName: name });
    expect(listed).toMatchObject({
      name,
      connectionStatus: 'open',
      ownerJid: '5511987650000@s.whatsapp.net',
    });

    expect(await s.client.logout(name)).toEqual({ loggedOut: true });
    await hooks.waitFor((h) => h.body.instance === name && h.body.event === 'logout.instance');
    const [closed] = await hooks.waitFor(
      (h) =>
        h.body.instance === name &&
        h.body.event === 'connection.update' &&
        h.body.data.state === 'close',
    );
    expect(closed!.body.data.statusReason).toBe(401);

    await s.client.deleteInstance(name);
    await hooks.waitFor((h) => h.body.instance === name && h.body.event === 'instance.delete');
    expect(await code(s.client.fetchInstances({ instanceName: name }))).toBe('GATEWAY_NOT_FOUND');
  });

  it('reports connect failures sent as HTTP 200 {error:true}', async () => {
    const name = uniqueName();
    await s.client.createInstance({ instanceName: name, webhook: webhook(), qrcode: false });
    const res = await s.raw.post(`/instance/restart/${name}`, undefined, {
      headers: { apikey: s.key },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ error: true, message: '[object Object]' });
    await s.control('POST', '/_faults', {
      match: `/instance/connect/${name}`,
      status: 200,
      body: { error: true, message: 'Connection Closed' },
    });
    expect(await code(s.client.connect(name))).toBe('GATEWAY_FAILED');
  });

  it('rotates the QR code and gives up at the limit: refused, then closed', async () => {
    const name = uniqueName();
    await s.control('PUT', '/_settings', { qrRotationMs: 100, qrLimit: 2 });
    try {
      await s.client.createInstance({ instanceName: name, webhook: webhook() });
      await hooks.waitFor(
        (h) =>
          h.body.instance === name &&
          h.body.data?.message === 'QR code limit reached, please login again',
        1,
        3000,
      );
      const qrs = hooks.received.filter((h) => h.body.instance === name && h.body.data?.qrcode);
      expect(new Set(qrs.map((h) => h.body.data.qrcode.code)).size).toBe(2);
      await hooks.waitFor((h) => h.body.instance === name && h.body.data?.state === 'refused');
      await hooks.waitFor((h) => h.body.instance === name && h.body.data?.state === 'close');
      expect(await s.client.connectionState(name)).toBe('close');
    } finally {
      await s.control('PUT', '/_settings', { qrRotationMs: 45_000, qrLimit: 30 });
    }
  });

  it('keeps instances across a restart', async () => {
    const name = uniqueName();
    await s.client.createInstance({ instanceName: name, webhook: webhook() });
    await s.control('POST', `/${name}/scan`, {});
    await t.restart();
    s = await simulatorHandles(t);
    expect(await s.client.connectionState(name)).toBe('open');
  });
});

describe('webhook set and find', () => {
  it('finds null, sets (overwriting every field), and validates like the gateway', async () => {
    const name = uniqueName();
    const create = await s.raw.post(
      '/instance/create',
      { instanceName: name, integration: 'WHATSAPP-BAILEYS' },
      { headers: { apikey: s.key } },
    );
    expect(create.status).toBe(201);
    const none = await s.raw.get(`/webhook/find/${name}`, { headers: { apikey: s.key } });
    expect(none.text).toBe('null');
    expect(await s.client.findWebhook(name)).toBeNull();

    const row = await s.client.setWebhook(name, {
      url: hooks.url,
      headers: { authorization: 'Bearer abc' },
    });
    expect(row).toMatchObject({
      url: hooks.url,
      enabled: true,
      webhookByEvents: false,
      webhookBase64: true,
    });
    expect(row.events).toEqual([...SUBSCRIBED_EVENTS]);
    expect((await s.client.findWebhook(name))?.headers).toEqual({ authorization: 'Bearer abc' });

    const rawSet = (webhookBody: unknown) =>
      s.raw.post(`/webhook/set/${name}`, { webhook: webhookBody }, { headers: { apikey: s.key } });
    const noHeaders = await rawSet({ enabled: true, url: hooks.url, events: ['MESSAGES_UPSERT'] });
    expect(noHeaders.status).toBe(201);
    expect(noHeaders.body.headers).toBeNull();
    const all = await rawSet({ enabled: true, url: hooks.url, events: [] });
    expect(all.body.events).toHaveLength(31);
    const missing = await rawSet({ enabled: true, url: hooks.url });
    expect(missing.status).toBe(500);
    expect(missing.body.response.message).toBe(
      "Cannot read properties of undefined (reading 'length')",
    );
    const dotted = await rawSet({ enabled: true, url: hooks.url, events: ['messages.upsert'] });
    expect(dotted.status).toBe(400);
    expect(dotted.body.response.message[0][0]).toMatch(
      /^webhook.events\[0\] is not one of enum values/,
    );
  });
});
