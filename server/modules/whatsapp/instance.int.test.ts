import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIBED_EVENTS } from '../../adapters/gateway/evolution-events';
import { GatewayError } from '../../adapters/gateway/gateway-error';
import {
  simulatorHandles,
  type SimulatorHandles,
} from '../../adapters/gateway/testing/simulator-helpers';
import { whatsappInstances } from '../../db/schema';
import { freePort, startTestApp, type TestApp } from '../../test/harness';
import { HttpClient, signedInClient } from '../../test/http-client';
import { WEBHOOK_SECRET_HEADER } from './whatsapp-shared';

/**
 * An agent's WhatsApp instance over real HTTP against the built-in simulator. The app listens on
 * a pre-picked port named by PUBLIC_URL, so the simulator's webhooks reach this very app and are
 * accepted with the secret stored at creation. No job runner here: the pipeline would apply those
 * webhooks concurrently, and these tests pin down what the instance routes themselves store (the
 * clean-up job runs in instance-cleanup.int.test.ts).
 */
let t: TestApp;
let s: SimulatorHandles;
let owner: HttpClient;
let other: HttpClient;

beforeAll(async () => {
  const port = await freePort();
  t = await startTestApp({ port, env: { PUBLIC_URL: `http://127.0.0.1:${port}` } });
  s = await simulatorHandles(t);
  owner = (await signedInClient(t.baseUrl)).client;
  other = (await signedInClient(t.baseUrl)).client;
});
afterAll(async () => {
  await t.close();
});

const gatewayCode = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (err: unknown) => (err instanceof GatewayError ? err.code : String(err)),
  );

async function newAgent(client = owner): Promise<number> {
  const res = await client.post('/api/agents', { name: 'Atendente', systemPrompt: 'Ajude.' });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

async function storedRow(agentId: number) {
  const rows = await t.database.db
    .select()
    .from(whatsappInstances)
    .where(eq(whatsappInstances.agentId, agentId));
  return rows[0];
}

async function createInstance(agentId: number, phoneNumber = '+55 (11) 98765-4321') {
  const res = await owner.post(`/api/agents/${agentId}/whatsapp/create-instance`, { phoneNumber });
  expect(res.status).toBe(201);
  return res.body;
}

type EventView = { type: string; detail: { to?: string; status?: string } | null };
const connectionEventsTo = (events: EventView[], status: string) =>
  events.filter((e) => e.type === 'connection' && e.detail?.status === status);

function pngOf(dataUrl: string): Buffer {
  expect(dataUrl).toMatch(/^data:image\/png;base64,/);
  return Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
}

describe('no instance yet', () => {
  it('GET answers hasInstance false with nulls, says the simulator plays the gateway and how the official way is offered', async () => {
    const agentId = await newAgent();
    const res = await owner.get(`/api/agents/${agentId}/whatsapp`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      hasInstance: false,
      status: null,
      qrCode: null,
      instanceName: null,
      phoneNumber: null,
      createdAt: null,
      updatedAt: null,
      connectedNumber: null,
      connectedAt: null,
      simulator: true,
      channel: null,
      cloud: null,
      // the owner's plan here does not sell it; with no Meta app the simulator plays Meta
      cloudOffer: { allowed: false, signup: null, simulator: true },
    });
  });

  it('actions that need an instance answer 404 with a clear message', async () => {
    const agentId = await newAgent();
    for (const [method, path] of [
      ['POST', 'connect'],
      ['GET', 'status'],
      ['GET', 'fetch-qr'],
      ['POST', 'enable-monitoring'],
    ] as const) {
      const res = await owner.request(method, `/api/agents/${agentId}/whatsapp/${path}`);
      expect(res.status, path).toBe(404);
      expect(res.body.code).toBe('WHATSAPP_INSTANCE_NOT_FOUND');
      expect(res.body.message).toContain('Nenhuma instância do WhatsApp');
    }
  });

  it('DELETE says there was nothing to remove', async () => {
    const agentId = await newAgent();
    const res = await owner.delete(`/api/agents/${agentId}/whatsapp`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Nenhuma instância encontrada para este agente',
      removed: false,
    });
  });
});

describe('create-instance validation', () => {
  it.each([
    [{}, 'Número de telefone é obrigatório'],
    [{ phoneNumber: '' }, 'Número de telefone é obrigatório'],
    [{ phoneNumber: '11 9876' }, 'Número de telefone deve ter pelo menos 10 dígitos'],
    [{ phoneNumber: '5511987654321000' }, 'Número de telefone deve ter no máximo 15 dígitos'],
    // A letter is a typo to point out: "(11) 9abc" once became "119" without a word.
    [
      { phoneNumber: '(11) 9abc' },
      'Use só números no telefone (espaços, parênteses, + e - podem ficar)',
    ],
  ])('%j → 400 %s, nothing created', async (body, message) => {
    const agentId = await newAgent();
    const res = await owner.post(`/api/agents/${agentId}/whatsapp/create-instance`, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.fieldErrors.phoneNumber).toEqual([message]);
    expect(await storedRow(agentId)).toBeUndefined();
  });

  it('answers in English when asked', async () => {
    const agentId = await newAgent();
    const res = await owner.post(
      `/api/agents/${agentId}/whatsapp/create-instance`,
      { phoneNumber: '123' },
      { headers: { 'accept-language': 'en' } },
    );
    expect(res.body.message).toBe('Phone number must have at least 10 digits');
  });
});

describe('the instance lifecycle', () => {
  it('create → QR → scan → CONNECTED with a connection event → monitoring → delete at the gateway', async () => {
    const agentId = await newAgent();
    const integrations = async () =>
      (await owner.get('/api/dashboard/stats')).body.integrations as number;
    const before = await integrations();
    const created = await createInstance(agentId);
    expect(created).toMatchObject({
      hasInstance: true,
      status: 'AWAITING_QR_SCAN',
      phoneNumber: '5511987654321',
      connectedNumber: null,
      connectedAt: null,
      simulator: true,
    });
    const name = created.instanceName as string;
    expect(name).toMatch(new RegExp(`^agente-${agentId}-[0-9a-f]{8}$`));
    expect(pngOf(created.qrCode).subarray(1, 4).toString()).toBe('PNG');

    // Stored: the secret only encrypted; registered at the gateway inline with the create.
    const row = (await storedRow(agentId))!;
    expect(row.webhookSecret).toMatch(/^v1\./);
    const secret = t.ctx.secrets.decrypt(row.webhookSecret!);
    expect(secret.length).toBeGreaterThanOrEqual(24);
    const hook = await s.client.findWebhook(name);
    expect(hook).toMatchObject({
      url: `${t.ctx.config.PUBLIC_URL}/api/whatsapp/webhook`,
      enabled: true,
      webhookBase64: true,
      webhookByEvents: false,
      headers: { [WEBHOOK_SECRET_HEADER]: secret },
    });
    expect([...hook!.events].sort()).toEqual([...SUBSCRIBED_EVENTS].sort());

    // A second instance for the same agent is refused; nothing new at the gateway.
    const again = await owner.post(`/api/agents/${agentId}/whatsapp/create-instance`, {
      phoneNumber: '5511987654321',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('Este agente já tem uma instância do WhatsApp');

    const qr = await owner.get(`/api/agents/${agentId}/whatsapp/fetch-qr`);
    expect(qr.status).toBe(200);
    expect(qr.body.status).toBe('AWAITING_QR_SCAN');
    pngOf(qr.body.qrCode);

    const reconnected = await owner.post(`/api/agents/${agentId}/whatsapp/connect`);
    expect(reconnected.status).toBe(200);
    expect(reconnected.body.status).toBe('AWAITING_QR_SCAN');
    pngOf(reconnected.body.qrCode);

    const scanned = await s.control('POST', `/${name}/scan`, { number: '5511912345678' });
    expect(scanned.status).toBe(200);

    const status = await owner.get(`/api/agents/${agentId}/whatsapp/status`);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({
      hasInstance: true,
      status: 'CONNECTED',
      qrCode: null,
      connectedNumber: '5511912345678',
    });
    // The dashboard counts a per-agent instance as an integration once it is connected.
    expect(await integrations()).toBe(before + 1);
    const connectedRow = (await storedRow(agentId))!;
    expect(connectedRow.connectedJid).toBe('5511912345678@s.whatsapp.net');
    expect(connectedRow.connectedAt).toBeInstanceOf(Date);
    expect(status.body.connectedAt).toBe(connectedRow.connectedAt!.toISOString());

    const activity = await owner.get(`/api/agents/${agentId}/whatsapp/activity`);
    expect(activity.status).toBe(200);
    expect(connectionEventsTo(activity.body, 'CONNECTED')).toEqual([
      expect.objectContaining({
        detail: { from: 'AWAITING_QR_SCAN', to: 'CONNECTED', status: 'CONNECTED' },
      }),
    ]);

    const stats = await owner.get(`/api/agents/${agentId}/whatsapp/stats`);
    expect(stats.body.connectedSince).toBe(connectedRow.connectedAt!.toISOString());
    expect(stats.body.connectionEventsToday).toBeGreaterThanOrEqual(1);

    // Connected: no QR to fetch, and that is not an error.
    const noQr = await owner.get(`/api/agents/${agentId}/whatsapp/fetch-qr`);
    expect(noQr.body).toEqual({ qrCode: null, status: 'CONNECTED' });

    const monitoring = await owner.post(`/api/agents/${agentId}/whatsapp/enable-monitoring`);
    expect(monitoring.status).toBe(200);
    expect(monitoring.body.message).toContain('Monitoramento ativado');
    expect(monitoring.body.webhook).toEqual({
      url: `${t.ctx.config.PUBLIC_URL}/api/whatsapp/webhook`,
      events: expect.arrayContaining([...SUBSCRIBED_EVENTS]) as unknown,
      enabled: true,
    });
    expect(monitoring.text).not.toContain(secret);
    expect((await s.client.findWebhook(name))?.headers).toEqual({
      [WEBHOOK_SECRET_HEADER]: secret,
    });

    const removed = await owner.delete(`/api/agents/${agentId}/whatsapp`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: 'Instância removida com sucesso', removed: true });
    expect(await gatewayCode(s.client.connectionState(name))).toBe('GATEWAY_NOT_FOUND');
    expect(await storedRow(agentId)).toBeUndefined();
    expect((await owner.get(`/api/agents/${agentId}/whatsapp`)).body.hasInstance).toBe(false);
    expect(await integrations()).toBe(before);
  });

  it('a scan with no number picked links the number the owner typed, as WhatsApp writes it', async () => {
    const agentId = await newAgent();
    // Typed without the country code: WhatsApp's account is 55 + DDD + number.
    const { instanceName } = await createInstance(agentId, '(21) 99876-5432');
    const scanned = await s.control('POST', `/${instanceName}/scan`, {});
    expect(scanned.status).toBe(200);
    expect(scanned.body.wuid).toBe('5521998765432@s.whatsapp.net');

    const status = await owner.get(`/api/agents/${agentId}/whatsapp/status`);
    expect(status.body).toMatchObject({ status: 'CONNECTED', connectedNumber: '5521998765432' });
    expect((await storedRow(agentId))!.connectedJid).toBe('5521998765432@s.whatsapp.net');
  });

  it('a tester who picks another number at the scan links that one instead', async () => {
    const agentId = await newAgent();
    const { instanceName } = await createInstance(agentId, '+55 (11) 98765-4321');
    await s.control('POST', `/${instanceName}/scan`, { number: '5531912345678' });
    const status = await owner.get(`/api/agents/${agentId}/whatsapp/status`);
    expect(status.body.connectedNumber).toBe('5531912345678');
  });

  it('a lost connection is stored as DISCONNECTED with its event, and the stale QR is dropped', async () => {
    const agentId = await newAgent();
    const { instanceName } = await createInstance(agentId);
    await s.control('POST', `/${instanceName}/scan`, {});
    await owner.get(`/api/agents/${agentId}/whatsapp/status`);
    const closed = await s.control('POST', `/${instanceName}/disconnect`, { statusReason: '401' });
    expect(closed.status).toBe(200);

    const status = await owner.get(`/api/agents/${agentId}/whatsapp/status`);
    expect(status.body).toMatchObject({ status: 'DISCONNECTED', qrCode: null, connectedAt: null });
    const activity = await owner.get(`/api/agents/${agentId}/whatsapp/activity`);
    expect(connectionEventsTo(activity.body, 'DISCONNECTED')).toEqual([
      expect.objectContaining({
        detail: { from: 'CONNECTED', to: 'DISCONNECTED', status: 'DISCONNECTED' },
      }),
    ]);
    expect((await owner.get(`/api/agents/${agentId}/whatsapp/stats`)).body.connectedSince).toBe(
      null,
    );

    // A closed instance gets a fresh QR on connect; deleting it tolerates "not connected".
    const qr = await owner.get(`/api/agents/${agentId}/whatsapp/fetch-qr`);
    expect(qr.status).toBe(200);
    expect(qr.body.status).toBe('AWAITING_QR_SCAN');
    pngOf(qr.body.qrCode);
    await s.control('POST', `/${instanceName}/scan`, {});
    await owner.get(`/api/agents/${agentId}/whatsapp/status`);
    await s.control('POST', `/${instanceName}/disconnect`, {});
    const removed = await owner.delete(`/api/agents/${agentId}/whatsapp`);
    expect(removed.body.removed).toBe(true);
    expect(await gatewayCode(s.client.connectionState(instanceName))).toBe('GATEWAY_NOT_FOUND');
  });

  it('an instance already deleted at the gateway is still removed here', async () => {
    const agentId = await newAgent();
    const { instanceName } = await createInstance(agentId);
    await s.client.deleteInstance(instanceName);
    const removed = await owner.delete(`/api/agents/${agentId}/whatsapp`);
    expect(removed.status).toBe(200);
    expect(removed.body.removed).toBe(true);
    expect(await storedRow(agentId)).toBeUndefined();
  });
});

describe('owner isolation', () => {
  it('another user gets 404 on every route and nothing changes', async () => {
    const agentId = await newAgent();
    const { instanceName } = await createInstance(agentId);
    const before = (await storedRow(agentId))!;
    const base = `/api/agents/${agentId}/whatsapp`;
    const calls: [string, string, unknown?][] = [
      ['GET', base],
      ['POST', `${base}/create-instance`, { phoneNumber: '5511987654321' }],
      ['POST', `${base}/connect`],
      ['GET', `${base}/status`],
      ['GET', `${base}/fetch-qr`],
      ['POST', `${base}/enable-monitoring`],
      ['DELETE', base],
      ['GET', `${base}/settings`],
      ['PUT', `${base}/settings`, { takeoverMinutes: 5 }],
      ['PUT', `${base}/settings`, { takeoverMinutes: 0 }],
      ['GET', `${base}/stats`],
      ['GET', `${base}/activity`],
    ];
    for (const [method, path, json] of calls) {
      const res = await other.request(method, path, { json });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.code).toBe('AGENT_NOT_FOUND');
    }
    // (status, QR and lastActivity may move with the gateway's own webhooks meanwhile)
    const after = (await storedRow(agentId))!;
    const fixed = (row: typeof before) => ({
      id: row.id,
      instanceName: row.instanceName,
      phoneNumber: row.phoneNumber,
      webhookSecret: row.webhookSecret,
      createdAt: row.createdAt,
    });
    expect(fixed(after)).toEqual(fixed(before));
    expect(await s.client.connectionState(instanceName)).toBe('connecting');
    expect((await owner.get(`${base}/settings`)).body.takeoverMinutes).toBe(30);
  });

  it('signed-out calls are 401', async () => {
    const agentId = await newAgent();
    const anonymous = await new HttpClient(t.baseUrl).get(`/api/agents/${agentId}/whatsapp`);
    expect(anonymous.status).toBe(401);
  });
});
