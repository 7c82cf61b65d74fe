import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GatewayError } from '../gateway/gateway-error';
import { parseCloudWebhook, verifySignature, type CloudEvent } from './cloud-webhook';
import { GraphClient, isRetryableCloudError } from './graph-client';
import { startFakeGraph, type FakeGraph } from './simulator/fake-graph';

/** The Graph client over real HTTP against the fake Graph API, and the fake's signed webhooks. */

const APP_SECRET = 'fake-app-secret';
const TOKEN = 'EAAF-tenant-token';
const PNID = '106540352242922';
const WABA = '102290129340398';
const CUSTOMER = '5511987654321';

interface Hook {
  raw: Buffer;
  signature: string | undefined;
  events: CloudEvent[];
}

/** The app's side of the webhook: the exact bytes, the signature, and what they parse to. */
async function startReceiver() {
  const hooks: Hook[] = [];
  let respond = () => 200;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const header = req.headers['x-hub-signature-256'];
      const signature = typeof header === 'string' ? header : undefined;
      hooks.push({ raw, signature, events: parseCloudWebhook(JSON.parse(raw.toString('utf8'))) });
      res.statusCode = respond();
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/whatsapp`,
    hooks,
    setRespond(fn: () => number) {
      respond = fn;
    },
    events: () => hooks.flatMap((h) => h.events),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

async function until<T>(probe: () => T | undefined | null | false, what: string): Promise<T> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function failure(promise: Promise<unknown>): Promise<GatewayError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(GatewayError);
  return err as GatewayError;
}

let fake: FakeGraph;
let receiver: Receiver;
let client: GraphClient;

beforeAll(async () => {
  receiver = await startReceiver();
  fake = await startFakeGraph({
    appSecret: APP_SECRET,
    webhookUrl: receiver.url,
    statusDelayMs: 5,
  });
  fake.addTenant({
    wabaId: WABA,
    phoneNumberId: PNID,
    displayPhoneNumber: '+1 555 078 3881',
    token: TOKEN,
  });
  client = new GraphClient({ baseUrl: fake.baseUrl, accessToken: TOKEN });
});
afterAll(async () => {
  await fake.close();
  await receiver.close();
});
beforeEach(async () => {
  await fake.state.idle();
  receiver.hooks.length = 0;
  receiver.setRespond(() => 200);
});

describe('sending', () => {
  it('sends a text inside the window, then gets signed sent → delivered → read with ref and pricing', async () => {
    const inbound = await fake.inbound(PNID, { from: CUSTOMER, text: 'Oi' });
    expect(inbound.status).toBe(200);
    const sent = await client.sendMessage(PNID, {
      to: { phone: `+${CUSTOMER}` },
      type: 'text',
      text: 'Olá! Como posso ajudar?',
      ref: 'out-1',
    });
    expect(sent.wamid).toMatch(/^wamid\./);
    expect(sent.waId).toBe(CUSTOMER);
    expect(fake.sent.at(-1)?.body).toMatchObject({
      to: `+${CUSTOMER}`,
      text: { body: 'Olá! Como posso ajudar?' },
    });

    const statuses = await until(() => {
      const s = receiver.events().filter((e) => e.kind === 'status' && e.status.id === sent.wamid);
      return s.length === 3 ? s : null;
    }, 'three statuses');
    expect(statuses.map((e) => e.kind === 'status' && e.status.status)).toEqual([
      'sent',
      'delivered',
      'read',
    ]);
    for (const e of statuses) if (e.kind === 'status') expect(e.status.ref).toBe('out-1');
    const first = statuses[0];
    expect(first?.kind === 'status' && first.status.pricing).toEqual({
      type: 'free_customer_service',
      category: 'service',
      billable: false,
    });
    for (const hook of receiver.hooks) {
      expect(verifySignature(hook.raw, hook.signature, APP_SECRET)).toBe(true);
    }
  });

  it('delivers the inbound message itself, signed, with its contact', async () => {
    await fake.inbound(PNID, { from: CUSTOMER, name: 'Ana', text: 'Quero um orçamento' });
    const [event] = receiver.events();
    expect(event).toMatchObject({
      kind: 'message',
      phoneNumberId: PNID,
      message: { from: CUSTOMER, content: { kind: 'text', text: 'Quero um orçamento' } },
      contact: { waId: CUSTOMER, name: 'Ana' },
    });
  });

  it('refuses a free-form message outside the 24-hour window as CLOUD_WINDOW_CLOSED (131047)', async () => {
    const err = await failure(
      client.sendMessage(PNID, { to: { phone: '+5511900000099' }, type: 'text', text: 'oi' }),
    );
    expect(err.code).toBe('CLOUD_WINDOW_CLOSED');
    expect(err.details).toMatchObject({ status: 400, graphCode: 131047, uncertain: false });
    expect(isRetryableCloudError(err)).toBe(false);
  });

  it('reaches a BSUID-only user through recipient and gets user_id back', async () => {
    await fake.inbound(PNID, { from: null, userId: 'BR.777', text: 'oi' });
    const sent = await client.sendMessage(PNID, {
      to: { userId: 'BR.777' },
      type: 'text',
      text: 'oi',
    });
    expect(sent).toMatchObject({ waId: null, userId: 'BR.777' });
    expect(fake.sent.at(-1)?.body).toMatchObject({ recipient: 'BR.777' });
  });

  it('maps a bad token to CLOUD_AUTH without the token in the message', async () => {
    const bad = new GraphClient({ baseUrl: fake.baseUrl, accessToken: 'EAAF-wrong-token' });
    const err = await failure(
      bad.sendMessage(PNID, { to: { phone: CUSTOMER }, type: 'text', text: 'x' }),
    );
    expect(err.code).toBe('CLOUD_AUTH');
    expect(err.details).toMatchObject({ status: 401, graphCode: 190 });
    expect(err.message).not.toContain('EAAF-wrong-token');
  });

  it('maps an injected 130429 to CLOUD_RATE_LIMITED, retryable, and sends the next time', async () => {
    await fake.inbound(PNID, { from: CUSTOMER });
    fake.failNext(130429);
    const send = () =>
      client.sendMessage(PNID, { to: { phone: CUSTOMER }, type: 'text', text: 'x' });
    const err = await failure(send());
    expect(err.code).toBe('CLOUD_RATE_LIMITED');
    expect(err.details.graphCode).toBe(130429);
    expect(isRetryableCloudError(err)).toBe(true);
    await expect(send()).resolves.toMatchObject({ waId: CUSTOMER });
  });

  it('marks a message read with the typing indicator', async () => {
    const { id } = await fake.inbound(PNID, { from: CUSTOMER });
    await client.markRead(PNID, id, { typing: true });
    expect(fake.reads.at(-1)).toMatchObject({ pnid: PNID, messageId: id, typing: true });
  });

  it('marks a time-out uncertain and a refused connection certain', async () => {
    const hanging: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error));
      });
    const slow = new GraphClient({
      baseUrl: fake.baseUrl,
      accessToken: TOKEN,
      fetch: hanging,
      timeoutMs: 50,
    });
    const timedOut = await failure(
      slow.sendMessage(PNID, { to: { phone: CUSTOMER }, type: 'text', text: 'x' }),
    );
    expect(timedOut.code).toBe('CLOUD_UNREACHABLE');
    expect(timedOut.details.uncertain).toBe(true);

    const closed = new GraphClient({ baseUrl: 'http://127.0.0.1:1/v25.0', accessToken: TOKEN });
    const refused = await failure(closed.phoneNumber(PNID));
    expect(refused.code).toBe('CLOUD_UNREACHABLE');
    expect(refused.details.uncertain).toBe(false);
  });
});

describe('media', () => {
  const bytes = Buffer.from('JPEG-bytes-of-a-photo'.repeat(10));

  it('downloads an inbound image with the bearer header', async () => {
    await fake.inbound(PNID, {
      from: CUSTOMER,
      type: 'image',
      media: { data: bytes, mimeType: 'image/jpeg' },
    });
    const [event] = receiver.events();
    if (event?.kind !== 'message' || event.message.content.kind !== 'image')
      throw new Error('no image');
    const mediaId = event.message.content.mediaId;
    await expect(client.downloadMedia(mediaId, 10_000)).resolves.toEqual({
      data: bytes,
      mimeType: 'image/jpeg',
    });

    // The URL alone, without the header, is refused.
    const info = await client.mediaInfo(mediaId);
    expect(info.fileSize).toBe(bytes.length);
    expect((await fetch(info.url)).status).toBe(404);
  });

  it('refuses media over the limit, and retries once when the URL has expired', async () => {
    await fake.inbound(PNID, {
      from: CUSTOMER,
      type: 'document',
      media: { data: bytes, mimeType: 'application/pdf' },
    });
    const [event] = receiver.events();
    if (event?.kind !== 'message' || event.message.content.kind !== 'document')
      throw new Error('no document');
    const { mediaId } = event.message.content;
    await expect(client.downloadMedia(mediaId, bytes.length - 1)).resolves.toBeNull();
    fake.state.mediaBinFailures = 1;
    await expect(client.downloadMedia(mediaId, bytes.length)).resolves.toMatchObject({
      data: bytes,
    });
    expect(fake.state.mediaBinFailures).toBe(0);
  });

  it('uploads a file that then downloads the same', async () => {
    const voice = Buffer.from('OggS-voice');
    const id = await client.uploadMedia(PNID, {
      data: voice,
      mimeType: 'audio/ogg',
      fileName: 'reply.ogg',
    });
    expect(fake.state.media.get(id)?.mimeType).toBe('audio/ogg');
    await expect(client.downloadMedia(id, 1000)).resolves.toEqual({
      data: voice,
      mimeType: 'audio/ogg',
    });
  });
});

describe('templates', () => {
  it('creates PENDING, approves by webhook, sends with parameters and is billed as its category', async () => {
    const created = await client.createTemplate(WABA, {
      name: 'order_update',
      language: 'pt_BR',
      category: 'UTILITY',
      body: 'Olá {{1}}, seu pedido {{2}} saiu.',
      bodyExamples: ['Ana', 'A-1041'],
    });
    expect(created).toMatchObject({ status: 'PENDING', category: 'UTILITY' });

    await fake.approveTemplate(created.id);
    const approved = await until(
      () => receiver.events().find((e) => e.kind === 'template' && e.templateId === created.id),
      'the template webhook',
    );
    expect(approved).toMatchObject({ event: 'APPROVED', name: 'order_update', language: 'pt_BR' });
    await expect(client.template(created.id)).resolves.toMatchObject({
      status: 'APPROVED',
      body: 'Olá {{1}}, seu pedido {{2}} saiu.',
      rejectedReason: null,
    });

    const to = { phone: '+5511900000042' }; // never wrote: templates need no window
    const sent = await client.sendMessage(PNID, {
      to,
      type: 'template',
      name: 'order_update',
      language: 'pt_BR',
      bodyParams: ['Ana', 'A-1041'],
    });
    const status = await until(
      () => receiver.events().find((e) => e.kind === 'status' && e.status.id === sent.wamid),
      'the sent status',
    );
    expect(status.kind === 'status' && status.status.pricing).toMatchObject({
      type: 'regular',
      category: 'utility',
    });

    const wrong = await failure(
      client.sendMessage(PNID, {
        to,
        type: 'template',
        name: 'order_update',
        language: 'pt_BR',
        bodyParams: ['Ana'],
      }),
    );
    expect([wrong.code, wrong.details.graphCode]).toEqual(['CLOUD_TEMPLATE', 132000]);
    const unknown = await failure(
      client.sendMessage(PNID, {
        to,
        type: 'template',
        name: 'nope',
        language: 'pt_BR',
        bodyParams: [],
      }),
    );
    expect([unknown.code, unknown.details.graphCode]).toEqual(['CLOUD_TEMPLATE', 132001]);
  });

  it('approves on its own after approveAfterMs', async () => {
    fake.state.approveAfterMs = 10;
    try {
      const { id } = await client.createTemplate(WABA, {
        name: 'auto_ok',
        language: 'pt_BR',
        category: 'MARKETING',
        body: 'Promo',
        bodyExamples: [],
      });
      await until(
        () => receiver.events().find((e) => e.kind === 'template' && e.templateId === id),
        'auto approval',
      );
      expect(fake.templates.find((t) => t.id === id)?.status).toBe('APPROVED');
    } finally {
      fake.state.approveAfterMs = null;
    }
  });

  it('lists across pages and deletes by name', async () => {
    fake.state.templatePageSize = 2;
    try {
      for (const name of ['page_a', 'page_b', 'page_c']) {
        await client.createTemplate(WABA, {
          name,
          language: 'en_US',
          category: 'UTILITY',
          body: 'Hi',
          bodyExamples: [],
        });
      }
      const names = (await client.listTemplates(WABA)).map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(['page_a', 'page_b', 'page_c']));
      expect(new Set(names).size).toBe(fake.templates.length);
      await client.deleteTemplate(WABA, 'page_b');
      expect(fake.templates.map((t) => t.name)).not.toContain('page_b');
    } finally {
      fake.state.templatePageSize = 100;
    }
  });
});

describe('onboarding', () => {
  it('exchanges a signup code for the tenant token, once, never echoing the secret', async () => {
    const code = fake.mintSignupCode(PNID);
    const exchange = () =>
      GraphClient.exchangeCode({
        baseUrl: fake.baseUrl,
        appId: 'app-1',
        appSecret: APP_SECRET,
        code,
      });
    await expect(exchange()).resolves.toBe(TOKEN);
    const reused = await failure(exchange());
    expect(reused.code).toBe('CLOUD_BAD_REQUEST');
    expect(reused.details.graphCode).toBe(100);
    expect(reused.message).not.toContain(APP_SECRET);
  });

  it('accepts a bare token body', async () => {
    const bare: typeof fetch = async () => new Response('EAAFbareToken123\n', { status: 200 });
    await expect(
      GraphClient.exchangeCode({
        baseUrl: fake.baseUrl,
        appId: 'a',
        appSecret: 's',
        code: 'c',
        fetch: bare,
      }),
    ).resolves.toBe('EAAFbareToken123');
  });

  it('subscribes, registers with a 6-digit pin, reads the number and the WABA numbers, syncs', async () => {
    await client.subscribeApp(WABA);
    expect(fake.state.tenants.get(PNID)?.subscribed).toBe(true);
    const badPin = await failure(client.register(PNID, '12ab'));
    expect(badPin.code).toBe('CLOUD_BAD_REQUEST');
    await client.register(PNID, '123456');
    expect(fake.state.tenants.get(PNID)?.registeredPin).toBe('123456');
    await expect(client.phoneNumber(PNID)).resolves.toEqual({
      id: PNID,
      displayPhoneNumber: '+1 555 078 3881',
      verifiedName: 'Fake Business',
      qualityRating: 'GREEN',
      isOnBizApp: false,
      platformType: 'CLOUD_API',
    });
    await expect(client.phoneNumbers(WABA)).resolves.toEqual([
      { id: PNID, displayPhoneNumber: '+1 555 078 3881', verifiedName: 'Fake Business' },
    ]);
    await expect(client.syncSmbData(PNID, 'history')).resolves.toBeUndefined();
  });
});

describe('webhook delivery', () => {
  it('retries a refused POST with the same signed bytes', async () => {
    let calls = 0;
    receiver.setRespond(() => (++calls === 1 ? 500 : 200));
    const { status } = await fake.inbound(PNID, { from: CUSTOMER, text: 'retry me' });
    expect(status).toBe(200);
    expect(receiver.hooks).toHaveLength(2);
    expect(receiver.hooks[0]!.raw.equals(receiver.hooks[1]!.raw)).toBe(true);
    expect(verifySignature(receiver.hooks[1]!.raw, receiver.hooks[1]!.signature, APP_SECRET)).toBe(
      true,
    );
  });

  it('delivers a coexistence echo', async () => {
    await fake.echo(PNID, { to: CUSTOMER, text: 'respondi pelo app' });
    expect(receiver.events()).toMatchObject([
      {
        kind: 'echo',
        phoneNumberId: PNID,
        echo: { to: CUSTOMER, content: { kind: 'text', text: 'respondi pelo app' } },
      },
    ]);
  });
});
