import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGateway, type FakeGateway } from '../../../adapters/gateway/testing/fake-gateway';
import { SIMULATOR_PREFIX } from '../../../adapters/gateway/gateway-client';
import {
  simulatorHandles,
  uniqueName,
  type SimulatorHandles,
} from '../../../adapters/gateway/testing/simulator-helpers';
import { evolutionInstances, whatsappEvents } from '../../../db/schema';
import { freePort, startTestApp, type TestApp } from '../../../test/harness';
import { HttpClient, signedInClient } from '../../../test/http-client';

/**
 * The gateway-instance registry over real HTTP. "Registered gateways" are the built-in simulator
 * (reached by URL like any user-supplied server) and a fault-injecting fake gateway.
 */
let t: TestApp;
let s: SimulatorHandles;
let gw: FakeGateway;
let owner: HttpClient;
let other: HttpClient;
/** every response body seen, to prove no key or secret ever leaves the server */
const seen: string[] = [];

// generous: the in-process simulator answers through the same busy event loop
const TIMEOUT_MS = 2500;
const API_KEY = 'evo-api-key-abcdef-9876';

beforeAll(async () => {
  const port = await freePort();
  gw = await startFakeGateway();
  t = await startTestApp({
    port,
    env: {
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      OUTBOUND_ALLOW_PRIVATE: 'true',
      EVOLUTION_TIMEOUT_MS: String(TIMEOUT_MS),
    },
  });
  s = await simulatorHandles(t);
  owner = (await signedInClient(t.baseUrl)).client;
  other = (await signedInClient(t.baseUrl)).client;
});
afterAll(async () => {
  await t.close();
  await gw.close();
});
beforeEach(() => {
  gw.requests.length = 0;
  gw.script = () => ({ status: 500, body: { status: 500, error: 'x', response: { message: [] } } });
});

async function call(client: HttpClient, method: string, path: string, json?: unknown) {
  const res = await client.request(method, path, { json });
  seen.push(res.text);
  return res;
}

const simUrl = () => t.baseUrl + SIMULATOR_PREFIX;

async function register(body: Record<string, unknown>, client = owner) {
  const res = await call(client, 'POST', '/api/evolution-instances', {
    name: 'Loja Centro',
    url: 'https://evo.example.com',
    instanceId: uniqueName('loja'),
    apiKey: API_KEY,
    ...body,
  });
  expect(res.status).toBe(201);
  return res.body;
}

async function storedRow(id: number) {
  const rows = await t.database.db
    .select()
    .from(evolutionInstances)
    .where(eq(evolutionInstances.id, id));
  return rows[0];
}

async function newAgent(client = owner, name = 'Atendente'): Promise<{ id: number; name: string }> {
  const res = await client.post('/api/agents', { name, systemPrompt: 'Ajude.' });
  return res.body;
}

describe('validation', () => {
  it('requires name, url and instance id, with the catalogue messages, and stores nothing', async () => {
    const res = await call(owner, 'POST', '/api/evolution-instances', {});
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({
      name: ['Nome da instância é obrigatório'],
      url: ['Informe o endereço da API Evolution'],
      instanceId: ['Informe o identificador da instância'],
    });
    expect((await call(owner, 'GET', '/api/evolution-instances')).body).toEqual([]);
  });

  it.each([
    [
      { url: 'ftp://evo.example.com' },
      'url',
      'Informe um endereço válido começando com http:// ou https://',
    ],
    [{ url: 'not a url' }, 'url', 'Informe um endereço válido começando com http:// ou https://'],
    [
      { webhookUrl: 'javascript:alert(1)' },
      'webhookUrl',
      'Informe um endereço válido começando com http:// ou https://',
    ],
    [
      { webhookEvents: ['NOPE'] },
      'webhookEvents',
      'Evento de webhook desconhecido. Use os nomes da Evolution API, como MESSAGES_UPSERT',
    ],
    [{ connectedAgentId: 'x' }, 'connectedAgentId', 'Escolha um dos seus agentes'],
  ])('%j → 400 on %s', async (patch, field, message) => {
    const res = await call(owner, 'POST', '/api/evolution-instances', {
      name: 'Loja',
      url: 'https://evo.example.com',
      instanceId: 'loja',
      ...patch,
    });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors[field]).toEqual([message]);
  });

  it("another owner's agent cannot be linked (400, not a hint that it exists)", async () => {
    const foreign = await newAgent(other);
    const res = await call(owner, 'POST', '/api/evolution-instances', {
      name: 'Loja',
      url: 'https://evo.example.com',
      instanceId: 'loja',
      connectedAgentId: foreign.id,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Escolha um dos seus agentes');
  });
});

describe('create and list', () => {
  it('stores the key and secret encrypted and answers only whether they are set', async () => {
    const agent = await newAgent(owner, 'Vendas');
    const view = await register({
      webhookSecret: 'my-own-secret-123',
      webhookEvents: ['messages.upsert', 'CONNECTION_UPDATE', 'MESSAGES_UPSERT'],
      connectedAgentId: agent.id,
      phoneNumber: '5511987654321',
      connectionData: { region: 'sp' },
    });
    expect(view).toMatchObject({
      name: 'Loja Centro',
      url: 'https://evo.example.com',
      apiKeySet: true,
      apiKeyHint: '9876',
      status: 'inactive',
      webhookUrl: null,
      webhookSecretSet: true,
      webhookEvents: ['MESSAGES_UPSERT', 'CONNECTION_UPDATE'],
      connectedAgentId: agent.id,
      connectedAgentName: 'Vendas',
      phoneNumber: '5511987654321',
      lastActivity: null,
      connectionData: { region: 'sp' },
    });
    expect(view).not.toHaveProperty('apiKey');
    expect(view).not.toHaveProperty('webhookSecret');
    const row = (await storedRow(view.id))!;
    expect(row.apiKey).toMatch(/^v1\./);
    expect(t.ctx.secrets.decrypt(row.apiKey!)).toBe(API_KEY);
    expect(t.ctx.secrets.decrypt(row.webhookSecret!)).toBe('my-own-secret-123');

    const list = await call(owner, 'GET', '/api/evolution-instances');
    expect(list.body.find((i: { id: number }) => i.id === view.id)).toEqual(view);
    expect((await call(other, 'GET', '/api/evolution-instances')).body).toEqual([]);
  });

  it('without a key there is no hint, and a secret is generated (deliveries need one)', async () => {
    const view = await register({ apiKey: undefined });
    expect(view).toMatchObject({ apiKeySet: false, apiKeyHint: null, webhookSecretSet: true });
    const row = (await storedRow(view.id))!;
    expect(row.apiKey).toBeNull();
    expect(t.ctx.secrets.decrypt(row.webhookSecret!).length).toBeGreaterThanOrEqual(24);
  });

  it("webhook fields left out take the owner's defaults (Webhooks tab)", async () => {
    const client = (await signedInClient(t.baseUrl)).client;
    expect((await call(client, 'GET', '/api/evolution-instances/webhook-defaults')).body).toEqual({
      url: null,
      secretSet: false,
      events: [],
    });
    const saved = await call(client, 'PUT', '/api/evolution-instances/webhook-defaults', {
      url: 'https://hooks.example.com/evo',
      secret: 'default-secret-xyz',
      events: ['messages.upsert', 'QRCODE_UPDATED'],
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      url: 'https://hooks.example.com/evo',
      secretSet: true,
      events: ['MESSAGES_UPSERT', 'QRCODE_UPDATED'],
    });
    expect((await call(client, 'GET', '/api/evolution-instances/webhook-defaults')).body).toEqual(
      saved.body,
    );
    // The defaults are per owner.
    expect((await call(other, 'GET', '/api/evolution-instances/webhook-defaults')).body.url).toBe(
      null,
    );

    const view = await register({}, client);
    expect(view).toMatchObject({
      webhookUrl: 'https://hooks.example.com/evo',
      webhookEvents: ['MESSAGES_UPSERT', 'QRCODE_UPDATED'],
    });
    const row = (await storedRow(view.id))!;
    expect(t.ctx.secrets.decrypt(row.webhookSecret!)).toBe('default-secret-xyz');

    // Saving again without a secret keeps it; an unknown event is refused and nothing changes.
    await call(client, 'PUT', '/api/evolution-instances/webhook-defaults', { url: '' });
    const bad = await call(client, 'PUT', '/api/evolution-instances/webhook-defaults', {
      events: ['BOGUS'],
    });
    expect(bad.status).toBe(400);
    expect((await call(client, 'GET', '/api/evolution-instances/webhook-defaults')).body).toEqual({
      url: null,
      secretSet: true,
      events: [],
    });
  });
});

describe('Configure (PUT) applies the webhook at that gateway', () => {
  it('against a gateway that accepts: saved, applied with our URL, the secret header and the events', async () => {
    const name = uniqueName('registry');
    await s.client.createInstance({
      instanceName: name,
      webhook: { url: 'http://127.0.0.1:9/x' },
      qrcode: false,
    });
    const view = await register({ url: simUrl(), apiKey: s.key, instanceId: name });
    const res = await call(owner, 'PUT', `/api/evolution-instances/${view.id}`, {
      name: 'Loja Centro (editada)',
      url: simUrl(),
      instanceId: name,
      apiKey: '',
      webhookEvents: ['MESSAGES_UPSERT', 'CONNECTION_UPDATE'],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: view.id,
      name: 'Loja Centro (editada)',
      apiKeySet: true,
      webhookApplied: true,
      webhookError: null,
    });
    const row = (await storedRow(view.id))!;
    expect(t.ctx.secrets.decrypt(row.apiKey!)).toBe(s.key);
    const hook = await s.client.findWebhook(name);
    expect(hook).toMatchObject({
      url: `${t.ctx.config.PUBLIC_URL}/api/whatsapp/webhook`,
      enabled: true,
      events: ['MESSAGES_UPSERT', 'CONNECTION_UPDATE'],
      headers: { 'x-webhook-secret': t.ctx.secrets.decrypt(row.webhookSecret!) },
    });

    // The monitor reads the live state from that gateway.
    const monitor = await call(owner, 'GET', `/api/evolution-instances/${view.id}/monitor`);
    expect(monitor.status).toBe(200);
    expect(monitor.body).toMatchObject({ state: 'close', error: null });
  });

  it('when the gateway refuses, the edit is still saved and the answer says why', async () => {
    const view = await register({
      url: simUrl(),
      apiKey: s.key,
      instanceId: uniqueName('missing'),
    });
    const res = await call(owner, 'PUT', `/api/evolution-instances/${view.id}`, {
      name: 'Renomeada',
      url: simUrl(),
      instanceId: view.instanceId,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Renomeada',
      webhookApplied: false,
      webhookError:
        'A instância do WhatsApp não existe no servidor da Evolution API. Crie a instância novamente.',
    });
    expect((await storedRow(view.id))!.name).toBe('Renomeada');
  });

  it('a wrong key, a 500, a time-out and a missing key are each reported, the edit saved', async () => {
    const view = await register({ url: gw.url, instanceId: 'loja-1' });
    const put = (patch: Record<string, unknown> = {}) =>
      call(owner, 'PUT', `/api/evolution-instances/${view.id}`, {
        name: 'Loja',
        url: gw.url,
        instanceId: 'loja-1',
        ...patch,
      });

    gw.script = () => ({
      status: 401,
      body: { status: 401, error: 'Unauthorized', response: { message: 'Unauthorized' } },
    });
    expect((await put()).body).toMatchObject({
      webhookApplied: false,
      webhookError:
        'O servidor do WhatsApp (Evolution API) recusou a chave de API. Confira a chave configurada.',
    });
    const sent = gw.requests[0]!;
    expect(sent.path).toBe('/webhook/set/loja-1');
    expect(sent.headers.apikey).toBe(API_KEY);
    expect(sent.body).toMatchObject({
      webhook: {
        enabled: true,
        byEvents: false,
        base64: true,
        url: `${t.ctx.config.PUBLIC_URL}/api/whatsapp/webhook`,
      },
    });
    // No events chosen: the pipeline's events, never [] (which the gateway reads as "all 31").
    expect((sent.body as { webhook: { events: string[] } }).webhook.events).toContain(
      'MESSAGES_UPSERT',
    );

    gw.script = () => ({
      status: 500,
      body: { status: 500, error: 'x', response: { message: ['boom'] } },
    });
    expect((await put()).body.webhookError).toContain('não respondeu corretamente');

    gw.script = () => ({ status: 201, body: {}, delayMs: TIMEOUT_MS + 2000 });
    expect((await put()).body.webhookError).toContain('demorou demais para responder');

    gw.script = () => ({
      status: 201,
      body: { url: 'x', enabled: true, events: [], webhookByEvents: false, webhookBase64: true },
    });
    const custom = await put({ webhookUrl: 'https://hooks.example.com/mine' });
    expect(custom.body).toMatchObject({
      webhookApplied: true,
      webhookUrl: 'https://hooks.example.com/mine',
    });
    expect(gw.requests.at(-1)!.body).toMatchObject({
      webhook: { url: 'https://hooks.example.com/mine' },
    });

    const keyless = await register({ url: gw.url, instanceId: 'loja-2', apiKey: undefined });
    const res = await call(owner, 'PUT', `/api/evolution-instances/${keyless.id}`, {
      name: 'Sem chave',
      url: gw.url,
      instanceId: 'loja-2',
    });
    expect(res.body).toMatchObject({ name: 'Sem chave', webhookApplied: false });
    expect(res.body.webhookError).toContain('chave de acesso');
  });
});

describe('monitor', () => {
  it("reports an unreachable gateway as text and shows only the owner's events", async () => {
    const instanceId = uniqueName('mon');
    const agent = await newAgent();
    const foreign = await newAgent(other);
    const view = await register({
      url: 'http://127.0.0.1:9',
      instanceId,
      connectedAgentId: agent.id,
    });
    await t.database.db.insert(whatsappEvents).values([
      {
        instanceName: instanceId,
        agentId: agent.id,
        type: 'connection',
        detail: { state: 'open' },
      },
      { instanceName: instanceId, agentId: foreign.id, type: 'message_in', detail: { n: 1 } },
      { instanceName: instanceId, agentId: null, type: 'qr', detail: null },
      { instanceName: 'elsewhere', agentId: agent.id, type: 'connection', detail: null },
    ]);
    const res = await call(owner, 'GET', `/api/evolution-instances/${view.id}/monitor`);
    expect(res.status).toBe(200);
    expect(res.body.state).toBeNull();
    expect(res.body.error).toContain('Não foi possível falar com o servidor do WhatsApp');
    expect(res.body.events.map((e: { type: string }) => e.type)).toEqual(['qr', 'connection']);

    // Once another owner registers the same instance id, unattributed events are nobody's.
    await register({ instanceId }, other);
    const again = await call(owner, 'GET', `/api/evolution-instances/${view.id}/monitor`);
    expect(again.body.events.map((e: { type: string }) => e.type)).toEqual(['connection']);
  });

  it('reads the state the gateway reports', async () => {
    gw.script = () => ({
      status: 200,
      body: { instance: { instanceName: 'loja-9', state: 'open' } },
    });
    const view = await register({ url: gw.url, instanceId: 'loja-9' });
    const res = await call(owner, 'GET', `/api/evolution-instances/${view.id}/monitor`);
    expect(res.body).toMatchObject({ state: 'open', error: null, events: [] });
    expect(gw.requests[0]).toMatchObject({
      method: 'GET',
      path: '/instance/connectionState/loja-9',
    });
  });
});

describe('owner isolation and delete', () => {
  it("another owner's instance is a 404 on every route and nothing changes", async () => {
    const view = await register({});
    const before = await storedRow(view.id);
    const body = { name: 'Tomada', url: 'https://evil.example.com', instanceId: 'x' };
    for (const [method, path, json] of [
      ['PUT', `/api/evolution-instances/${view.id}`, body],
      ['DELETE', `/api/evolution-instances/${view.id}`],
      ['GET', `/api/evolution-instances/${view.id}/monitor`],
    ] as const) {
      const res = await call(other, method, path, json);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.code).toBe('EVOLUTION_INSTANCE_NOT_FOUND');
    }
    expect(await storedRow(view.id)).toEqual(before);
    expect((await call(owner, 'PUT', '/api/evolution-instances/abc', body)).status).toBe(404);
  });

  it('DELETE removes only our record; a second delete is a 404', async () => {
    const view = await register({});
    const res = await call(owner, 'DELETE', `/api/evolution-instances/${view.id}`);
    expect(res.status).toBe(204);
    expect(await storedRow(view.id)).toBeUndefined();
    expect((await call(owner, 'DELETE', `/api/evolution-instances/${view.id}`)).status).toBe(404);
  });

  it('deleting the linked agent unlinks the instance', async () => {
    const agent = await newAgent();
    const view = await register({ connectedAgentId: agent.id });
    expect((await owner.delete(`/api/agents/${agent.id}`)).status).toBe(204);
    const list = await call(owner, 'GET', '/api/evolution-instances');
    expect(list.body.find((i: { id: number }) => i.id === view.id)).toMatchObject({
      connectedAgentId: null,
      connectedAgentName: null,
    });
  });

  it('signed-out calls are 401', async () => {
    const res = await new HttpClient(t.baseUrl).get('/api/evolution-instances');
    expect(res.status).toBe(401);
  });
});

// Runs last (vitest keeps file order): every answer above, checked for leaks.
it('no answer ever carried an API key or a webhook secret', () => {
  expect(seen.length).toBeGreaterThan(30);
  for (const text of seen) {
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain('default-secret-xyz');
    expect(text).not.toContain('my-own-secret-123');
    expect(text).not.toContain(s.key);
  }
});
