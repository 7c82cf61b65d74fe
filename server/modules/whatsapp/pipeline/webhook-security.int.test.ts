import { count, eq, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookInbox } from '../../../db/schema';
import { freePort, startTestApp, type TestApp } from '../../../test/harness';
import { HttpClient } from '../../../test/http-client';
import { WEBHOOK_PATH, WEBHOOK_SECRET_HEADER } from '../whatsapp-shared';
import {
  conversationOf,
  createLine,
  customerSays,
  FAST_PIPELINE_ENV,
  messagesOf,
  newOwner,
  simulatorHandles,
  waitFor,
  waitForReplies,
  type Line,
  type Owner,
  type SimulatorHandles,
} from './testing/pipeline-helpers';

/**
 * Who may post to the webhook, the owner's test tool, the instance routes feeding the pipeline,
 * and owner isolation of the conversations API. Replies come from the offline model. The owner
 * subscribes to the multi plan (two agents answer customers); the intruder has no subscription.
 */
let t: TestApp;
let s: SimulatorHandles;
let owner: Owner;
let intruder: Owner;
let line: Line;

beforeAll(async () => {
  const port = await freePort();
  t = await startTestApp({
    port,
    jobs: true,
    env: { ...FAST_PIPELINE_ENV, PUBLIC_URL: `http://127.0.0.1:${port}` },
  });
  s = await simulatorHandles(t);
  owner = await newOwner(t, { plan: 'multi' });
  intruder = await newOwner(t, { plan: null });
  line = await createLine(t, s, owner.agentId);
});
afterAll(async () => {
  await t?.close();
});

/**
 * How many of the deliveries a test posted the inbox holds, found by their data (`{ key: { id } }`
 * matches the message of that id). Not the inbox as a whole: the simulator keeps posting for the
 * lines in the background (a reply's echo, and its receipts a moment later).
 */
async function storedOf(...posted: object[]) {
  const matches = posted.map(
    (data) => sql`${webhookInbox.payload}->'data' @> ${JSON.stringify(data)}::jsonb`,
  );
  const [row] = await t.ctx.database.db
    .select({ n: count() })
    .from(webhookInbox)
    .where(or(...matches));
  return row!.n;
}

function envelope(instance: string, id: string, phone = '5511955554444') {
  return {
    event: 'messages.upsert',
    instance,
    data: {
      key: { remoteJid: `${phone}@s.whatsapp.net`, fromMe: false, id },
      pushName: 'Intruso',
      message: { conversation: 'me responda' },
      messageType: 'conversation',
      messageTimestamp: Math.floor(Date.now() / 1000),
    },
  };
}

async function post(body: unknown, headers: Record<string, string> = {}, client?: HttpClient) {
  const http = client ?? new HttpClient(t.baseUrl);
  return http.request('POST', WEBHOOK_PATH, { json: body, headers, origin: null });
}

describe('text that cannot be stored', () => {
  it('repairs a customer message holding a NUL and a lone surrogate instead of losing it, and answers it', async () => {
    const phone = '5511955552222';
    const body = envelope(line.name, 'NUL-1', phone);
    body.data.message.conversation = 'Oi\u0000, tem pão\ud800?';
    const res = await post(body, { [WEBHOOK_SECRET_HEADER]: line.secret });
    expect(res.status).toBe(200);
    expect(res.body.stored).toBe(1);
    // The conversation is created a moment before its first message is stored in it.
    const stored = await waitFor(async () => {
      const conversation = await conversationOf(t, owner.agentId, phone);
      const list = conversation ? await messagesOf(t, conversation.id) : [];
      return list.length > 0 ? list : null;
    }, 'stored');
    expect(stored[0]!.content).toBe('Oi, tem pão\ufffd?');
    await waitForReplies(s, line, phone, 1);
  });

  it('an instance name holding a NUL is an unknown instance (401), not a server error', async () => {
    const res = await post(envelope(`${line.name}\u0000`, 'NUL-2'), {
      [WEBHOOK_SECRET_HEADER]: 'not-the-secret',
    });
    expect(res.status).toBe(401);
  });
});

describe('forged deliveries', () => {
  it('refuses no secret, a wrong secret and an unknown instance with 401, storing nothing', async () => {
    expect((await post(envelope(line.name, 'F1'))).status).toBe(401);
    expect(
      (await post(envelope(line.name, 'F2'), { [WEBHOOK_SECRET_HEADER]: 'not-the-secret' })).status,
    ).toBe(401);
    expect(
      (await post(envelope('nobody', 'F3'), { [WEBHOOK_SECRET_HEADER]: line.secret })).status,
    ).toBe(401);
    const garbage = await post('not json at all', { [WEBHOOK_SECRET_HEADER]: line.secret });
    expect([400, 401]).toContain(garbage.status);
    expect(await storedOf(...['F1', 'F2', 'F3'].map((id) => ({ key: { id } })))).toBe(0);
    expect(await conversationOf(t, owner.agentId, '5511955554444')).toBeNull();
  });

  it('answers 400 to a malformed envelope with the right secret, storing nothing', async () => {
    const res = await post(
      { event: 'messages.upsert', instance: line.name, data: { nothing: true } },
      { [WEBHOOK_SECRET_HEADER]: line.secret },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Requisição inválida.');
    expect(await storedOf({ nothing: true })).toBe(0);
  });

  it('refuses another owner’s session and a cross-site post of the owner’s session', async () => {
    const simplified = {
      event: 'MESSAGES_UPSERT',
      instance: line.name,
      data: {
        messages: [
          {
            key: { remoteJid: '5511955554444@s.whatsapp.net', fromMe: false, id: 'X1' },
            message: { conversation: 'oi' },
            messageTimestamp: Math.floor(Date.now() / 1000),
          },
        ],
      },
    };
    const other = await intruder.client.post(WEBHOOK_PATH, simplified);
    expect(other.status).toBe(401);
    const crossSite = await owner.client.request('POST', WEBHOOK_PATH, {
      json: simplified,
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
    expect(await storedOf({ key: { id: 'X1' } })).toBe(0);
  });

  it('stores a duplicate delivery once and acknowledges both with 200', async () => {
    const headers = { [WEBHOOK_SECRET_HEADER]: line.secret };
    const body = envelope(line.name, 'DUP-1', '5511955553333');
    const first = await post(body, headers);
    const second = await post(body, headers);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([first.body.stored, second.body.stored]).toEqual([1, 0]);
    const rows = await t.ctx.database.db
      .select()
      .from(webhookInbox)
      .where(eq(webhookInbox.dedupeKey, `msg:agent:${line.instanceRowId}:DUP-1`));
    expect(rows).toHaveLength(1);
    // What the tests above count by finds what was stored.
    expect(await storedOf({ key: { id: 'DUP-1' } })).toBe(1);
  });

  it('stores deliveries arriving at the same moment together, each duplicate once', async () => {
    const headers = { [WEBHOOK_SECRET_HEADER]: line.secret };
    const bodies = ['SAME-1', 'SAME-2', 'SAME-1', 'SAME-3', 'SAME-2'].map((id) =>
      envelope(line.name, id, '5511955554444'),
    );
    // Posted at once, they share the inbox's multi-row writes (group commit).
    const answers = await Promise.all(bodies.map((body) => post(body, headers)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.reduce((n, a) => n + (a.body.stored as number), 0)).toBe(3);
    const rows = await t.ctx.database.db
      .select({ key: webhookInbox.dedupeKey })
      .from(webhookInbox)
      .where(sql`${webhookInbox.dedupeKey} like ${`msg:agent:${line.instanceRowId}:SAME-%`}`);
    expect(rows.map((r) => r.key).sort()).toEqual(
      ['SAME-1', 'SAME-2', 'SAME-3'].map((id) => `msg:agent:${line.instanceRowId}:${id}`),
    );
  });
});

describe('the owner’s test tool', () => {
  it('accepts the test tool’s simplified shapes from the signed-in owner and answers', async () => {
    const phone = '5511955552222';
    const res = await owner.client.post(WEBHOOK_PATH, {
      event: 'MESSAGES_UPSERT',
      instance: line.name,
      data: {
        messages: [
          {
            key: { remoteJid: `${phone}@s.whatsapp.net`, fromMe: false, id: 'TOOL-1' },
            message: { conversation: 'Olá, teste' },
            messageTimestamp: Math.floor(Date.now() / 1000),
          },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.stored).toBe(1);
    const [reply] = await waitForReplies(s, line, phone, 1);
    expect(reply!.text.length).toBeGreaterThan(0);

    const state = await owner.client.post(WEBHOOK_PATH, {
      event: 'CONNECTION_UPDATE',
      instance: line.name,
      data: { state: 'close' },
    });
    expect(state.status).toBe(200);
    await waitFor(async () => {
      const res = await owner.client.get(`/api/agents/${owner.agentId}/whatsapp`);
      return res.body.status === 'DISCONNECTED';
    }, 'DISCONNECTED');
  });
});

describe('instances made by the instance routes', () => {
  it('create → QR → scan → a customer message is answered (per-agent instance route)', async () => {
    const agent = await owner.client.post('/api/agents', {
      name: 'Atendente 2',
      systemPrompt: 'Você atende a loja.',
    });
    const agentId = agent.body.id as number;
    const created = await owner.client.post(`/api/agents/${agentId}/whatsapp/create-instance`, {
      phoneNumber: '+55 (11) 98765-4321',
    });
    expect(created.status).toBe(201);
    const name = created.body.instanceName as string;
    await s.control('POST', `/${name}/scan`, { number: '5511987654321' });
    await waitFor(async () => {
      const res = await owner.client.get(`/api/agents/${agentId}/whatsapp`);
      return res.body.status === 'CONNECTED';
    }, 'CONNECTED');
    const routed: Line = { name, secret: '', agentId, instanceRowId: 0 };
    const phone = '5511944443333';
    await customerSays(s, routed, { from: phone, text: 'Bom dia!' });
    const [reply] = await waitForReplies(s, routed, phone, 1, 30_000);
    expect(reply!.text.length).toBeGreaterThan(0);
    // The phone has the reply a moment before the turn is recorded as answered.
    const list = await waitFor(async () => {
      const res = await owner.client.get(`/api/agents/${agentId}/conversations?channel=whatsapp`);
      return res.status === 200 && res.body[0]?.lastMessage === reply!.text ? res : null;
    }, 'the reply as the last message');
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ contactId: phone, channel: 'whatsapp', failedCount: 0 });
  });
});

describe('conversations API', () => {
  it('lists newest first, shows the transcript, pauses and resumes — for the owner only', async () => {
    const first = '5511933331111';
    const second = '5511933332222';
    await customerSays(s, line, { from: first, text: 'primeiro' });
    await waitForReplies(s, line, first, 1);
    await customerSays(s, line, { from: second, text: 'segundo' });
    await waitForReplies(s, line, second, 1);

    const list = await owner.client.get(`/api/agents/${owner.agentId}/conversations`);
    expect(list.status).toBe(200);
    const ids = (list.body as { contactId: string }[]).map((c) => c.contactId);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    const conversation = (await conversationOf(t, owner.agentId, second))!;
    const base = `/api/agents/${owner.agentId}/conversations/${conversation.id}`;

    const detail = await owner.client.get(base);
    expect(detail.status).toBe(200);
    expect(detail.body.messages.map((m: { role: string }) => m.role)).toEqual([
      'user',
      'assistant',
    ]);
    expect(detail.body.messages[0]).toMatchObject({ content: 'segundo', status: 'done' });

    const paused = await owner.client.post(`${base}/pause`);
    expect(paused.status).toBe(200);
    expect(new Date(paused.body.botPausedUntil).getTime()).toBeGreaterThan(Date.now());
    await customerSays(s, line, { from: second, text: 'ainda aí?' });
    // Stored while paused: part of the transcript, not a turn.
    await waitFor(async () => {
      const list = await messagesOf(t, conversation.id);
      return list.some((m) => m.content === 'ainda aí?' && m.status === 'done');
    }, 'message stored while paused');
    const resumed = await owner.client.post(`${base}/resume`);
    expect(resumed.status).toBe(200);
    expect(resumed.body.botPausedUntil).toBeNull();

    // Another owner: every route looks like a missing agent, and nothing changes.
    for (const [method, path] of [
      ['GET', `/api/agents/${owner.agentId}/conversations`],
      ['GET', base],
      ['POST', `${base}/pause`],
      ['POST', `${base}/resume`],
      ['POST', `${base}/retry`],
    ] as const) {
      const res = await intruder.client.request(method, path);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const foreign = await intruder.client.get(
      `/api/agents/${intruder.agentId}/conversations/${conversation.id}`,
    );
    expect(foreign.status).toBe(404);
    const still = (await conversationOf(t, owner.agentId, second))!;
    expect(still.botPausedUntil).toBeNull();

    const bad = await owner.client.get(`/api/agents/${owner.agentId}/conversations?channel=sms`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Canal inválido: use whatsapp, webchat ou test.');
  });
});
