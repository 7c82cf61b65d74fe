import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGateway, type FakeGateway } from '../../adapters/gateway/testing/fake-gateway';
import { everyHour, slotAhead, SP } from '../../test/appointments-helpers';
import { subscribeViaSandbox } from '../../test/billing-helpers';
import { freePort } from '../../test/harness';
import { HttpClient, newUser } from '../../test/http-client';
import { spawnServer, type SpawnedServer } from '../../test/spawn-server';
import { waitFor } from '../../test/wait-for';
import { webhookDeliverer } from '../../test/webhook-deliverer';
import { WEBHOOK_PATH, WEBHOOK_SECRET_HEADER } from '../whatsapp';

/**
 * The real server process (embedded database) killed with SIGKILL around two reminders, then
 * restarted on the same data (ADR 0029): one was due while the process was dead and goes once
 * after the restart; the other was handed to the gateway when the process died (its answer never
 * came, its echo did) and is not sent again. The gateway is a fake that echoes each send as a
 * `send.message` webhook, retried until acknowledged, like Evolution.
 */
const HOUR = 3_600_000;

let dataDir: string;
let gateway: FakeGateway;
let server: SpawnedServer | null = null;
let port: number;
let secret = '';
const sends: { number: string; text: string }[] = [];
/** sends to these numbers get no answer (the process dies waiting) */
const held = new Set<string>();

const base = () => `http://127.0.0.1:${port}`;

const delivery = webhookDeliverer(() => ({ url: base() + WEBHOOK_PATH, secret }), 400);
const postWebhook = delivery.post;
const deliverWithRetry = delivery.deliverWithRetry;

function start(): SpawnedServer {
  return spawnServer({
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: base(),
    APP_SECRET: 'reminder-crash-secret-0123456789abcdefgh',
    EVOLUTION_API_URL: gateway.url,
    EVOLUTION_API_KEY: 'global-key',
    LOG_LEVEL: 'info',
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'aab-reminder-crash-'));
  port = await freePort();
  gateway = await startFakeGateway();
  let n = 0;
  gateway.script = (request) => {
    const p = request.path;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const name = decodeURIComponent(p.split('/').pop()!.split('?')[0]!);
    const qr = { code: '2@crash', base64: 'data:image/png;base64,iVBORw0KGgo=', count: 1 };
    if (p === '/instance/create') {
      const webhook = body.webhook as { headers: Record<string, string> };
      secret = webhook.headers[WEBHOOK_SECRET_HEADER]!;
      return {
        status: 201,
        body: {
          instance: { instanceName: body.instanceName, instanceId: 'crash', status: 'close' },
          hash: 'TOKEN',
          qrcode: qr,
        },
      };
    }
    if (p.startsWith('/instance/connect/')) return { status: 200, body: qr };
    if (p.startsWith('/instance/connectionState/'))
      return { status: 200, body: { instance: { instanceName: name, state: 'open' } } };
    if (p.startsWith('/message/sendText/')) {
      n += 1;
      const number = String(body.number);
      const data = {
        key: { remoteJid: `${number}@s.whatsapp.net`, fromMe: true, id: `REM${n}` },
        pushName: 'Salão',
        status: 'PENDING',
        message: { conversation: body.text },
        messageType: 'conversation',
        messageTimestamp: Math.floor(Date.now() / 1000),
        instanceId: 'crash',
        source: 'unknown',
      };
      sends.push({ number, text: String(body.text) });
      deliverWithRetry({ event: 'send.message', instance: name, data });
      return { status: 201, body: data, ...(held.has(number) ? { delayMs: 120_000 } : {}) };
    }
    return { status: 200, body: {} };
  };
});

afterAll(async () => {
  await delivery.stop();
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exit;
  }
  await gateway?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A subscribed owner, an agent open all day with a connected number, on the running server. */
async function bookingAgent() {
  const owner = new HttpClient(base());
  const user = newUser();
  expect((await owner.post('/api/register', user)).status).toBe(201);
  await subscribeViaSandbox(owner, user);
  const agent = await owner.post('/api/agents', { name: 'Salão', systemPrompt: 'Atenda.' });
  const agentId = agent.body.id as number;
  const service = await owner.post(`/api/agents/${agentId}/services`, {
    name: 'Corte',
    durationMinutes: 60,
    bufferMinutes: 0,
  });
  expect(service.status, service.text).toBe(201);
  const availability = await owner.put(`/api/agents/${agentId}/availability`, {
    timezone: SP,
    weekly: everyHour(10),
  });
  expect(availability.status, availability.text).toBe(200);
  const created = await owner.post(`/api/agents/${agentId}/whatsapp/create-instance`, {
    phoneNumber: '5511900002222',
  });
  expect(created.status, created.text).toBe(201);
  const instance = created.body.instanceName as string;
  expect(
    await postWebhook({
      event: 'connection.update',
      instance,
      data: { instance, state: 'open', wuid: '5511900002222@s.whatsapp.net' },
    }),
  ).toBe(200);
  return { owner, agentId, serviceId: service.body.id as number };
}

type Agent = Awaited<ReturnType<typeof bookingAgent>>;

/** Books `phone` on the first slot two hours ahead, its reminder due `inMs` from now. */
async function bookDueIn(agent: Agent, phone: string, inMs: number) {
  const startsAt = slotAhead(2 * HOUR + 60_000);
  const hours = (startsAt.getTime() - Date.now() - inMs) / HOUR;
  const settings = await agent.owner.put(`/api/agents/${agent.agentId}/reminders`, {
    enabled: true,
    hoursBefore: [hours],
  });
  expect(settings.status, settings.text).toBe(200);
  const booked = await agent.owner.post('/api/appointments', {
    agentId: agent.agentId,
    serviceId: agent.serviceId,
    startsAt: startsAt.toISOString(),
    customerName: 'Ana Souza',
    customerPhone: `+${phone}`,
  });
  expect(booked.status, booked.text).toBe(201);
  return Date.now() + inMs;
}

const sentTo = (phone: string) => sends.filter((s) => s.number === phone);

describe('kill -9 and reminders', () => {
  it('sends a reminder due while the process was dead once after the restart, and never resends one that went out', async () => {
    server = start();
    await server.ready;
    const agent = await bookingAgent();
    const inFlight = '5511961110001';
    const whileDead = '5511961110002';
    held.add(inFlight);
    await bookDueIn(agent, inFlight, 4000);
    const dueWhileDead = await bookDueIn(agent, whileDead, 12_000);

    // the first reminder is handed to the gateway, which never answers: the process dies then
    await waitFor(async () => sentTo(inFlight).length === 1, 'the held send', 30_000);
    server.child.kill('SIGKILL');
    await server.exit;
    expect(sentTo(whileDead)).toHaveLength(0);
    // the second one comes due while nothing runs
    await new Promise((r) => setTimeout(r, Math.max(0, dueWhileDead - Date.now()) + 2000));
    expect(sentTo(whileDead)).toHaveLength(0);

    server = start();
    await server.ready;
    const restarted = Date.now();
    await waitFor(async () => sentTo(whileDead).length >= 1, 'the late reminder', 60_000);
    expect(sentTo(whileDead)[0]!.text).toMatch(
      /^Olá, Ana! Lembrete: Corte hoje|^Olá, Ana! Lembrete: Corte amanhã/,
    );
    // Each stored once in its conversation, as sent: the restart's echo wait (15 s) has ended
    // and the run that resumed it has settled; nothing has gone out twice meanwhile, and a row
    // recorded as sent is never sent again.
    await waitFor(async () => delivery.pending === 0, 'echoes delivered', 30_000);
    const storedOf = async (phone: string) => {
      const list = await agent.owner.get(
        `/api/agents/${agent.agentId}/conversations?channel=whatsapp`,
      );
      const c = (list.body as { id: number; contactId: string }[]).find(
        (x) => x.contactId === phone,
      );
      if (!c) return null;
      const detail = await agent.owner.get(`/api/agents/${agent.agentId}/conversations/${c.id}`);
      return (detail.body.messages as { role: string; status: string }[]).map((m) => [
        m.role,
        m.status,
      ]);
    };
    await waitFor(
      async () => {
        // the resumed run decides once the echo wait (15 s from the restart) is over
        if (Date.now() < restarted + 16_000) return null;
        for (const phone of [inFlight, whileDead]) {
          const stored = await storedOf(phone);
          if (!stored?.every(([, status]) => status === 'done')) return null;
        }
        return true;
      },
      'both reminders recorded as sent',
      60_000,
    );
    for (const phone of [inFlight, whileDead]) {
      expect(await storedOf(phone), phone).toEqual([['assistant', 'done']]);
    }
    expect(sentTo(whileDead)).toHaveLength(1);
    expect(sentTo(inFlight)).toHaveLength(1);
  }, 180_000);
});
