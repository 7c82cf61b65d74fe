import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EvolutionClient } from './evolution-client';
import { GatewayError } from './gateway-error';
import { startFakeGateway, type FakeGateway } from './testing/fake-gateway';

/** The client's transport against a fault-injecting fake gateway. */
let fake: FakeGateway;
let client: EvolutionClient;
const sent = {
  key: { remoteJid: '5511987654321@s.whatsapp.net', fromMe: true, id: '3EB0ABC' },
  message: { conversation: 'oi' },
  messageType: 'conversation',
  messageTimestamp: 1795317431,
  status: 'PENDING',
};

beforeAll(async () => {
  fake = await startFakeGateway();
});
afterAll(() => fake.close());
/**
 * A client with the time-out a test needs. Tests of retries get a generous one, so a loaded
 * machine never turns an answer into a time-out; the time-out tests use a short one against a
 * fake that answers far past it, or far within what they allow.
 */
function clientWith(timeoutMs: number) {
  return new EvolutionClient({
    baseUrl: fake.url,
    apiKey: 'global-key',
    timeoutMs,
    retry: { attempts: 3, baseDelayMs: 10, maxDelayMs: 40 },
  });
}

beforeEach(() => {
  fake.requests.length = 0;
  client = clientWith(10_000);
});

async function failure(promise: Promise<unknown>): Promise<GatewayError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(GatewayError);
  return err as GatewayError;
}

describe('retries and backoff', () => {
  it('retries 5xx twice then succeeds once, with the apikey header on every attempt', async () => {
    fake.script = (_r, i) =>
      i < 2 ? { status: 503, body: { status: 503 } } : { status: 201, body: sent };
    const result = await client.sendText('agent1', { number: '5511987654321', text: 'oi' });
    expect(result.key.id).toBe('3EB0ABC');
    expect(fake.requests).toHaveLength(3);
    for (const r of fake.requests) {
      expect(r.headers.apikey).toBe('global-key');
      expect(r.path).toBe('/message/sendText/agent1');
      expect(r.body).toEqual({ number: '5511987654321', text: 'oi' });
    }
  });

  it('gives up after the bounded number of attempts with GATEWAY_FAILED', async () => {
    fake.script = () => ({ status: 500, body: { response: { message: ['boom'] } } });
    const err = await failure(client.connectionState('agent1'));
    expect(err.code).toBe('GATEWAY_FAILED');
    expect(err.details.gatewayMessage).toBe('boom');
    expect(fake.requests).toHaveLength(3);
  });

  it.each([
    [
      400,
      'GATEWAY_BAD_REQUEST',
      { response: { message: [['instance requires property "text"']] } },
    ],
    [401, 'GATEWAY_AUTH', { response: { message: 'Unauthorized' } }],
    [
      403,
      'GATEWAY_INSTANCE_EXISTS',
      { response: { message: ['This name "a" is already in use.'] } },
    ],
    [404, 'GATEWAY_NOT_FOUND', { response: { message: ['The "a" instance does not exist'] } }],
  ])('never retries a %i (%s)', async (status, code, body) => {
    fake.script = () => ({ status, body });
    const err = await failure(client.sendText('a', { number: '5511987654321', text: 'x' }));
    expect(err.code).toBe(code);
    expect(err.toAppError().code).toBe(code);
    expect(fake.requests).toHaveLength(1);
  });

  it('maps the never-connected 500 to GATEWAY_NOT_CONNECTED without retrying', async () => {
    fake.script = () => ({
      status: 500,
      body: { response: { message: "Cannot read properties of undefined (reading 'onWhatsApp')" } },
    });
    const err = await failure(client.sendText('a', { number: '5511987654321', text: 'x' }));
    expect(err.code).toBe('GATEWAY_NOT_CONNECTED');
    expect(fake.requests).toHaveLength(1);
  });

  it('treats connect’s HTTP 200 {error:true} as an error and does not retry it', async () => {
    fake.script = () => ({ status: 200, body: { error: true, message: 'Connection Closed' } });
    const err = await failure(client.connect('agent1'));
    expect(err.code).toBe('GATEWAY_FAILED');
    expect(err.details.gatewayMessage).toBe('Connection Closed');
    expect(fake.requests).toHaveLength(1);
  });

  it('retries network errors, then reports GATEWAY_UNREACHABLE', async () => {
    const dead = new EvolutionClient({
      baseUrl: 'http://127.0.0.1:1',
      apiKey: 'k',
      retry: { attempts: 2, baseDelayMs: 5, maxDelayMs: 5 },
    });
    const err = await failure(dead.fetchInstances());
    expect(err.code).toBe('GATEWAY_UNREACHABLE');
    expect(err.details.uncertain).toBe(false);
  });

  it('rejects a response that does not match the contract', async () => {
    fake.script = () => ({ status: 200, body: { something: 'else' } });
    const err = await failure(client.connectionState('agent1'));
    expect(err.code).toBe('GATEWAY_FAILED');
    expect(err.details.gatewayMessage).toMatch(/unexpected response/);
    expect(fake.requests).toHaveLength(1);
  });
});

describe('time-outs', () => {
  beforeEach(() => {
    client = clientWith(500);
  });

  it('adds the blocking `delay` to the time-out of sendText and sendPresence', async () => {
    // answered after the time-out alone (500 ms), well within time-out + delay (3.5 s)
    fake.script = (r) =>
      r.path.startsWith('/chat/')
        ? { status: 201, body: { presence: 'composing' }, delayMs: 1000 }
        : { status: 201, body: sent, delayMs: 1000 };
    const text = await client.sendText('a', { number: '5511987654321', text: 'oi', delay: 3000 });
    expect(text.key.fromMe).toBe(true);
    const presence = await client.sendPresence('a', {
      number: '5511987654321',
      presence: 'composing',
      delay: 3000,
    });
    expect(presence.presence).toBe('composing');
    expect(fake.requests).toHaveLength(2);
  });

  it('does not resend a message after a time-out: it may already be out', async () => {
    fake.script = () => ({ status: 201, body: sent, delayMs: 3000 });
    const err = await failure(client.sendText('a', { number: '5511987654321', text: 'oi' }));
    expect(err.code).toBe('GATEWAY_UNREACHABLE');
    expect(err.details.uncertain).toBe(true);
    expect(fake.requests).toHaveLength(1);
  });

  it('retries a read after a time-out', async () => {
    fake.script = (_r, i) =>
      i === 0
        ? { status: 200, body: {}, delayMs: 3000 }
        : { status: 200, body: { instance: { instanceName: 'a', state: 'open' } } };
    expect(await client.connectionState('a')).toBe('open');
    expect(fake.requests).toHaveLength(2);
  });
});

describe('request shapes', () => {
  it('always sends `events` (UPPER_SNAKE) on create and the full webhook on set', async () => {
    fake.script = (r) =>
      r.path === '/instance/create'
        ? { status: 201, body: { instance: { instanceName: 'a', status: 'close' }, hash: 'TOKEN' } }
        : {
            status: 201,
            body: {
              url: 'http://x/h',
              enabled: true,
              events: ['MESSAGES_UPSERT'],
              webhookByEvents: false,
              webhookBase64: true,
            },
          };
    const created = await client.createInstance({
      instanceName: 'a',
      webhook: { url: 'http://x/h', headers: { 'x-secret': 's' }, events: [] },
    });
    expect(created.token).toBe('TOKEN');
    await client.setWebhook('a', { url: 'http://x/h' });
    const [create, set] = fake.requests as { body: any }[];
    expect(create!.body).toMatchObject({
      instanceName: 'a',
      integration: 'WHATSAPP-BAILEYS',
      qrcode: true,
      webhook: { url: 'http://x/h', byEvents: false, base64: true, headers: { 'x-secret': 's' } },
    });
    expect(create!.body.webhook.events).toContain('MESSAGES_UPSERT');
    expect(set!.body.webhook).toEqual({
      enabled: true,
      url: 'http://x/h',
      headers: {},
      byEvents: false,
      base64: true,
      events: create!.body.webhook.events,
    });
  });

  it('reads the literal `null` of /webhook/find as no webhook', async () => {
    fake.script = () => ({ status: 200, body: null });
    expect(await client.findWebhook('a')).toBeNull();
  });
});
