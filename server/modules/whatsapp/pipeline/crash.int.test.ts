import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGateway, type FakeGateway } from '../../../adapters/gateway/testing/fake-gateway';
import { subscribeViaSandbox } from '../../../test/billing-helpers';
import { startFakeOpenAI, type FakeOpenAI } from '../../../test/fake-openai';
import { freePort } from '../../../test/harness';
import { HttpClient, newUser } from '../../../test/http-client';
import { spawnServer, type SpawnedServer } from '../../../test/spawn-server';
import { webhookDeliverer } from '../../../test/webhook-deliverer';
import { WEBHOOK_PATH, WEBHOOK_SECRET_HEADER } from '../whatsapp-shared';
import { waitFor } from './testing/pipeline-helpers';

/**
 * The real server process (embedded database) killed with SIGKILL in the middle of a burst of
 * 200 customer messages, then restarted on the same data: every message is answered, and no
 * reply goes out twice. The gateway is a fake in this test process that behaves like Evolution:
 * each send is echoed back as a `send.message` webhook, retried until acknowledged, and
 * deliveries that were not acknowledged are posted again after the restart.
 */
const CONTACTS = 50;
const PER_CONTACT = 4;

let dataDir: string;
const dataDirs: string[] = [];
let gateway: FakeGateway;
let ai: FakeOpenAI;
let server: SpawnedServer | null = null;
let port: number;
let secret = '';
const sends: { id: string; number: string; text: string }[] = [];

const base = () => `http://127.0.0.1:${port}`;

const delivery = webhookDeliverer(() => ({ url: base() + WEBHOOK_PATH, secret }), 200);
const postWebhook = delivery.post;
const deliverWithRetry = delivery.deliverWithRetry;

function start(env: Record<string, string> = {}): SpawnedServer {
  return spawnServer({
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: base(),
    APP_SECRET: 'crash-test-secret-0123456789abcdefghij',
    EVOLUTION_API_URL: gateway.url,
    EVOLUTION_API_KEY: 'global-key',
    WHATSAPP_TYPING_DELAY_MS: '0',
    WHATSAPP_RETRY_DELAY_SECONDS: '0',
    LOG_LEVEL: 'info',
    ...env,
  });
}

function newDataDir() {
  dataDir = mkdtempSync(path.join(tmpdir(), 'aab-crash-'));
  dataDirs.push(dataDir);
}

beforeAll(async () => {
  newDataDir();
  port = await freePort();
  gateway = await startFakeGateway();
  ai = await startFakeOpenAI();
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
    if (p.startsWith('/chat/sendPresence/'))
      return { status: 201, body: { presence: body.presence } };
    if (p.startsWith('/message/sendText/')) {
      n += 1;
      const data = {
        key: { remoteJid: `${String(body.number)}@s.whatsapp.net`, fromMe: true, id: `OUT${n}` },
        pushName: 'Loja',
        status: 'PENDING',
        message: { conversation: body.text },
        messageType: 'conversation',
        messageTimestamp: Math.floor(Date.now() / 1000),
        instanceId: 'crash',
        source: 'unknown',
      };
      sends.push({ id: data.key.id, number: String(body.number), text: String(body.text) });
      deliverWithRetry({ event: 'send.message', instance: name, data });
      return { status: 201, body: data };
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
  await ai?.close();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** A subscribed owner with an agent whose instance is connected, on the running server. */
async function connectedLine() {
  const owner = new HttpClient(base());
  const user = newUser();
  expect((await owner.post('/api/register', user)).status).toBe(201);
  // Only subscribed owners' agents answer customers: the test checkout (no Mercado Pago token).
  await subscribeViaSandbox(owner, user);
  const agent = await owner.post('/api/agents', { name: 'Loja', systemPrompt: 'Atenda.' });
  const agentId = agent.body.id as number;
  const created = await owner.post(`/api/agents/${agentId}/whatsapp/create-instance`, {
    phoneNumber: '5511900001111',
  });
  expect(created.status, created.text).toBe(201);
  const instance = created.body.instanceName as string;
  const settings = await owner.put(`/api/agents/${agentId}/whatsapp/settings`, {
    debounceMs: 0,
  });
  expect(settings.status, settings.text).toBe(200);
  expect(
    await postWebhook({
      event: 'connection.update',
      instance,
      data: { instance, state: 'open', wuid: '5511900001111@s.whatsapp.net' },
    }),
  ).toBe(200);
  return { owner, agentId, instance };
}

const phoneOf = (i: number) => `551196${String(1000000 + i).slice(-7)}`;
const messageOf = (c: number, m: number) => ({
  event: 'messages.upsert',
  instance: '',
  data: {
    key: { remoteJid: `${phoneOf(c)}@s.whatsapp.net`, fromMe: false, id: `IN-${c}-${m}` },
    pushName: `Cliente ${c}`,
    message: { conversation: `Mensagem ${m} do cliente ${c}` },
    messageType: 'conversation',
    messageTimestamp: Math.floor(Date.now() / 1000),
  },
});

// The spawned server always runs the embedded database: the crash of the one process that owns
// its data (PostgreSQL workers recover through pg-boss heartbeats instead).
describe('kill -9 in a burst', () => {
  it('answers every one of 200 messages exactly once across a crash and restart', async () => {
    server = start();
    await server.ready;
    const { owner, agentId, instance } = await connectedLine();

    const all: ReturnType<typeof messageOf>[] = [];
    for (let m = 0; m < PER_CONTACT; m++)
      for (let c = 0; c < CONTACTS; c++) all.push({ ...messageOf(c, m), instance });

    // The burst, 10 deliveries at a time; half-way through, once replies are flowing, the process
    // is killed (deliveries are acknowledged faster than they are answered, so the pipeline is
    // in the middle of its work then), and the rest of the burst meets a dead server.
    let killed = false;
    const acknowledged = new Set<string>();
    for (let i = 0; i < all.length; i += 10) {
      const slice = all.slice(i, i + 10);
      const statuses = await Promise.all(slice.map((body) => postWebhook(body)));
      statuses.forEach((status, k) => {
        if (status === 200) acknowledged.add(slice[k]!.data.key.id);
      });
      if (!killed && i + 10 >= all.length / 2) {
        await waitFor(async () => sends.length >= 20, 'replies flowing', 60_000);
        server.child.kill('SIGKILL');
        await server.exit;
        killed = true;
      }
    }
    expect(killed).toBe(true);
    expect(acknowledged.size).toBeGreaterThan(0);
    expect(acknowledged.size).toBeLessThan(all.length);

    server = start();
    await server.ready;
    // The gateway retries what was not acknowledged (and a few that were: duplicates).
    for (let i = 0; i < all.length; i += 20) {
      const statuses = await Promise.all(all.slice(i, i + 20).map((body) => postWebhook(body)));
      expect(statuses.every((s) => s === 200)).toBe(true);
    }

    const signedIn = new HttpClient(base());
    signedIn.cookies.clear();
    for (const [k, v] of owner.cookies) signedIn.cookies.set(k, v);
    const details = await waitFor(
      async () => {
        const list = await signedIn.get(`/api/agents/${agentId}/conversations?channel=whatsapp`);
        if (list.status !== 200 || (list.body as unknown[]).length < CONTACTS) return null;
        const out = [];
        for (const c of list.body as { id: number }[]) {
          const d = await signedIn.get(`/api/agents/${agentId}/conversations/${c.id}`);
          const msgs = d.body.messages as { role: string; status: string }[];
          const users = msgs.filter((x) => x.role === 'user');
          if (users.length < PER_CONTACT || users.some((x) => x.status !== 'done')) return null;
          out.push(d.body);
        }
        return out;
      },
      'every message answered',
      120_000,
    );
    await waitFor(async () => delivery.pending === 0, 'echoes delivered', 30_000);
    await new Promise((r) => setTimeout(r, 2000));

    const users = details.flatMap((d) =>
      (d.messages as { role: string }[]).filter((m) => m.role === 'user'),
    );
    expect(users).toHaveLength(CONTACTS * PER_CONTACT);
    // Every reply that went out is recorded once, and nothing went out unrecorded (no double sends).
    const assistants = details.flatMap((d) =>
      (d.messages as { role: string; content: string }[]).filter((m) => m.role === 'assistant'),
    );
    expect(assistants.length).toBe(sends.length);
    const perNumber = new Map<string, number>();
    for (const send of sends) perNumber.set(send.number, (perNumber.get(send.number) ?? 0) + 1);
    for (const d of details) {
      const count = (d.messages as { role: string }[]).filter((m) => m.role === 'assistant').length;
      expect(perNumber.get(d.conversation.contactId as string) ?? 0).toBe(count);
    }
    expect(new Set(sends.map((s) => s.id)).size).toBe(sends.length);
  }, 240_000);
});

describe('kill -9 between two parts of one reply', () => {
  it('sends the rest of the reply after the restart, once and in order', async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exit;
    }
    newDataDir();
    const parts = ['Parte um.', 'Parte dois.', 'Parte três.', 'Parte quatro.'];
    ai.answer = () => ({ text: parts.join('\n\n') });
    // Long pauses between parts, so the kill lands while a reply is half sent.
    const env = {
      WHATSAPP_TYPING_DELAY_MS: '1500',
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: ai.url,
      OUTBOUND_ALLOW_PRIVATE: 'true',
    };
    server = start(env);
    await server.ready;
    const { instance } = await connectedLine();
    const phones = [0, 1, 2].map((i) => `551197${String(2000000 + i).slice(-7)}`);
    const sentTo = (phone: string) => sends.filter((s) => s.number === phone).map((s) => s.text);
    for (const [i, phone] of phones.entries()) {
      const body = {
        event: 'messages.upsert',
        instance,
        data: {
          key: { remoteJid: `${phone}@s.whatsapp.net`, fromMe: false, id: `PARTS-${i}` },
          pushName: `Cliente ${i}`,
          message: { conversation: 'Como funciona?' },
          messageType: 'conversation',
          messageTimestamp: Math.floor(Date.now() / 1000),
        },
      };
      expect(await postWebhook(body)).toBe(200);
    }
    // The first part is out for every contact, and no reply is complete: kill.
    await waitFor(async () => phones.every((p) => sentTo(p).length >= 1), 'first parts', 30_000);
    expect(phones.every((p) => sentTo(p).length < parts.length)).toBe(true);
    server.child.kill('SIGKILL');
    await server.exit;

    server = start(env);
    await server.ready;
    await waitFor(
      async () => phones.every((p) => sentTo(p).length >= parts.length),
      'every reply complete',
      60_000,
    );
    await waitFor(async () => delivery.pending === 0, 'echoes delivered', 30_000);
    // Given time to send anything twice, nothing more goes out.
    await new Promise((r) => setTimeout(r, 3000));
    for (const phone of phones) expect(sentTo(phone)).toEqual(parts);
  }, 180_000);
});
