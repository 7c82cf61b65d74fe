import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startFakeGateway,
  type FakeGateway,
  type FakeGatewayRequest,
  type FakeReply,
} from '../../adapters/gateway/testing/fake-gateway';
import { whatsappInstances } from '../../db/schema';
import { startTestApp, type TestApp } from '../../test/harness';
import { signedInClient, type HttpClient } from '../../test/http-client';

/**
 * The instance routes against a fault-injecting gateway (EVOLUTION_API_URL): every failure is a
 * clean pt-BR error with the right status, and nothing stored changes.
 */
let t: TestApp;
let gw: FakeGateway;
let owner: HttpClient;

const QR = 'data:image/png;base64,iVBORw0KGgo=';
const TIMEOUT_MS = 1500;

beforeAll(async () => {
  gw = await startFakeGateway();
  t = await startTestApp({
    env: {
      EVOLUTION_API_URL: gw.url,
      EVOLUTION_API_KEY: 'global-key',
      EVOLUTION_TIMEOUT_MS: String(TIMEOUT_MS),
    },
  });
  owner = (await signedInClient(t.baseUrl)).client;
});
afterAll(async () => {
  await t.close();
  await gw.close();
});
beforeEach(() => {
  gw.requests.length = 0;
  gw.script = healthy;
});

/** A well-behaved gateway for the calls a test does not break. */
function healthy(request: FakeGatewayRequest): FakeReply {
  const name = decodeURIComponent(request.path.split('/').pop()!.split('?')[0]!);
  if (request.path === '/instance/create') {
    const body = request.body as { instanceName: string };
    return {
      status: 201,
      body: {
        instance: { instanceName: body.instanceName, instanceId: 'id-1', status: 'close' },
        hash: 'TOKEN-1',
        qrcode: { code: '2@abc', base64: QR, count: 1 },
      },
    };
  }
  if (request.path.startsWith('/instance/connect/')) {
    return { status: 200, body: { code: '2@def', base64: QR, count: 2 } };
  }
  if (request.path.startsWith('/instance/connectionState/')) {
    return { status: 200, body: { instance: { instanceName: name, state: 'connecting' } } };
  }
  if (
    request.path.startsWith('/instance/logout/') ||
    request.path.startsWith('/instance/delete/')
  ) {
    return { status: 200, body: { status: 'SUCCESS', error: false, response: { message: 'ok' } } };
  }
  return {
    status: 404,
    body: { status: 404, error: 'Not Found', response: { message: ['nope'] } },
  };
}

/** Breaks the calls whose path starts with `prefix`, the others stay healthy. */
function breaking(prefix: string, reply: FakeReply) {
  return (request: FakeGatewayRequest) =>
    request.path.startsWith(prefix) ? reply : healthy(request);
}

const serverError = {
  status: 500,
  body: { status: 500, error: 'Internal Server Error', response: { message: ['boom'] } },
};

async function newAgent(): Promise<number> {
  const res = await owner.post('/api/agents', { name: 'Atendente', systemPrompt: 'Ajude.' });
  return res.body.id as number;
}

async function storedRow(agentId: number) {
  const rows = await t.database.db
    .select()
    .from(whatsappInstances)
    .where(eq(whatsappInstances.agentId, agentId));
  return rows[0];
}

async function agentWithInstance() {
  const agentId = await newAgent();
  const res = await owner.post(`/api/agents/${agentId}/whatsapp/create-instance`, {
    phoneNumber: '5511987654321',
  });
  expect(res.status).toBe(201);
  return { agentId, row: (await storedRow(agentId))! };
}

describe('create-instance', () => {
  it('sends the contract body: Baileys, qrcode, the inline webhook with our events and secret', async () => {
    const agentId = await newAgent();
    await owner.post(`/api/agents/${agentId}/whatsapp/create-instance`, {
      phoneNumber: '5511987654321',
    });
    const create = gw.requests.find((r) => r.path === '/instance/create')!;
    expect(create.headers.apikey).toBe('global-key');
    const secret = t.ctx.secrets.decrypt((await storedRow(agentId))!.webhookSecret!);
    expect(create.body).toMatchObject({
      integration: 'WHATSAPP-BAILEYS',
      qrcode: true,
      webhook: {
        url: `${t.ctx.config.PUBLIC_URL}/api/whatsapp/webhook`,
        headers: { 'x-webhook-secret': secret },
        byEvents: false,
        base64: true,
      },
    });
    const events = (create.body as { webhook: { events: string[] } }).webhook.events;
    expect(events).toContain('MESSAGES_UPSERT');
    expect(events.every((e) => /^[A-Z_]+$/.test(e))).toBe(true);
  });

  it('a gateway 500 (after its retries) is a 502 with a pt-BR message, nothing stored', async () => {
    gw.script = breaking('/instance/create', serverError);
    const agentId = await newAgent();
    const res = await owner.post(`/api/agents/${agentId}/whatsapp/create-instance`, {
      phoneNumber: '5511987654321',
    });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({
      code: 'GATEWAY_FAILED',
      message:
        'O servidor do WhatsApp (Evolution API) não respondeu corretamente. Tente novamente em instantes.',
    });
    expect(gw.requests.filter((r) => r.path === '/instance/create')).toHaveLength(3);
    expect(await storedRow(agentId)).toBeUndefined();
  });

  it('a gateway that does not answer in time is a 504, nothing stored', async () => {
    gw.script = breaking('/instance/create', { ...serverError, delayMs: TIMEOUT_MS + 2000 });
    const agentId = await newAgent();
    const res = await owner.post(`/api/agents/${agentId}/whatsapp/create-instance`, {
      phoneNumber: '5511987654321',
    });
    expect(res.status).toBe(504);
    expect(res.body.code).toBe('GATEWAY_TIMEOUT');
    expect(res.body.message).toContain('demorou demais para responder');
    expect(await storedRow(agentId)).toBeUndefined();
  });

  it('a wrong gateway key is a 502 saying the key was refused', async () => {
    gw.script = breaking('/instance/create', {
      status: 401,
      body: { status: 401, error: 'Unauthorized', response: { message: 'Unauthorized' } },
    });
    const agentId = await newAgent();
    const res = await owner.post(`/api/agents/${agentId}/whatsapp/create-instance`, {
      phoneNumber: '5511987654321',
    });
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('GATEWAY_AUTH');
    expect(await storedRow(agentId)).toBeUndefined();
  });
});

describe('failures after the instance exists leave it as it was', () => {
  it('connect answering HTTP 200 {error:true} is a 502', async () => {
    const { agentId, row } = await agentWithInstance();
    gw.script = breaking('/instance/connect/', {
      status: 200,
      body: { error: true, message: '[object Object]' },
    });
    const res = await owner.post(`/api/agents/${agentId}/whatsapp/connect`);
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('GATEWAY_FAILED');
    // Final answers are not retried: the gateway would give the same answer again.
    expect(gw.requests.filter((r) => r.path.startsWith('/instance/connect/'))).toHaveLength(1);
    expect(await storedRow(agentId)).toEqual(row);
  });

  it('fetch-qr without a stored QR reconnects; an empty QR ({count:0}) is a 404', async () => {
    gw.script = (request) =>
      request.path === '/instance/create'
        ? {
            status: 201,
            body: {
              instance: { instanceName: (request.body as { instanceName: string }).instanceName },
              hash: 'TOKEN-2',
              qrcode: { count: 0 },
            },
          }
        : request.path.startsWith('/instance/connect/')
          ? { status: 200, body: { count: 0 } }
          : healthy(request);
    const { agentId, row } = await agentWithInstance();
    expect(row).toMatchObject({ status: 'CREATED', qrCode: null });
    const res = await owner.get(`/api/agents/${agentId}/whatsapp/fetch-qr`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('WHATSAPP_QR_UNAVAILABLE');
    expect(res.body.message).toContain('QR Code ainda não está disponível');
  });

  it('status with the gateway down is a 502 and the stored status stays', async () => {
    const { agentId, row } = await agentWithInstance();
    gw.script = breaking('/instance/connectionState/', serverError);
    const res = await owner.get(`/api/agents/${agentId}/whatsapp/status`);
    expect(res.status).toBe(502);
    expect(await storedRow(agentId)).toEqual(row);
  });

  it('enable-monitoring refused by the gateway is an error and nothing changes', async () => {
    const { agentId, row } = await agentWithInstance();
    gw.script = breaking('/webhook/set/', {
      status: 400,
      body: { status: 400, error: 'Bad Request', response: { message: ['bad events'] } },
    });
    const res = await owner.post(`/api/agents/${agentId}/whatsapp/enable-monitoring`);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('GATEWAY_BAD_REQUEST');
    expect(await storedRow(agentId)).toEqual(row);
  });

  it('delete tolerates "not connected" on logout and removes the instance', async () => {
    const { agentId, row } = await agentWithInstance();
    gw.script = breaking('/instance/logout/', {
      status: 400,
      body: {
        status: 400,
        error: 'Bad Request',
        response: { message: [`The "${row.instanceName}" instance is not connected`] },
      },
    });
    const res = await owner.delete(`/api/agents/${agentId}/whatsapp`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Instância removida com sucesso', removed: true });
    expect(gw.requests.slice(1).map((r) => `${r.method} ${r.path}`)).toEqual([
      `DELETE /instance/logout/${row.instanceName}`,
      `DELETE /instance/delete/${row.instanceName}`,
    ]);
    expect(await storedRow(agentId)).toBeUndefined();
  });

  it('delete failing at the gateway keeps our record so it can be tried again', async () => {
    const { agentId, row } = await agentWithInstance();
    gw.script = breaking('/instance/delete/', serverError);
    const res = await owner.delete(`/api/agents/${agentId}/whatsapp`);
    expect(res.status).toBe(502);
    expect(await storedRow(agentId)).toEqual(row);
    gw.script = healthy;
    expect((await owner.delete(`/api/agents/${agentId}/whatsapp`)).body.removed).toBe(true);
  });

  it('deleting the agent succeeds at once even with the gateway down', async () => {
    const { agentId } = await agentWithInstance();
    gw.script = () => serverError;
    const res = await owner.delete(`/api/agents/${agentId}`);
    expect(res.status).toBe(204);
    expect(await storedRow(agentId)).toBeUndefined();
  });
});

describe('a gateway a user registers by URL', () => {
  it('is reached only through the SSRF guard: a private address is refused, nothing is sent', async () => {
    const res = await owner.post('/api/evolution-instances', {
      name: 'Interna',
      url: gw.url,
      instanceId: 'loja-interna',
      apiKey: 'a-key-for-the-internal-one',
    });
    expect(res.status).toBe(201);
    const monitor = await owner.get(`/api/evolution-instances/${res.body.id}/monitor`);
    expect(monitor.body).toMatchObject({ state: null, events: [] });
    expect(monitor.body.error).toContain('Não foi possível falar com o servidor do WhatsApp');
    const put = await owner.put(`/api/evolution-instances/${res.body.id}`, {
      name: 'Interna',
      url: gw.url,
      instanceId: 'loja-interna',
    });
    expect(put.body).toMatchObject({ webhookApplied: false });
    // (an earlier test's background clean-up may still knock on the operator's gateway)
    expect(gw.requests.filter((r) => r.path.includes('loja-interna'))).toEqual([]);
  });
});
