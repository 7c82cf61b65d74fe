import { eq, sql } from 'drizzle-orm';
import type { OwnerNotification } from '@common/schemas/inbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations } from '../../db/schema';
import { subscribeViaSandbox } from '../../test/billing-helpers';
import { parseSse } from '../../test/fake-openai';
import { makeEncryptedPdf } from '../../test/fixtures/documents';
import { startTestApp, type TestApp } from '../../test/harness';
import { HttpClient, signedInClient } from '../../test/http-client';
import { upload, waitForDocument } from '../../test/knowledge-helpers';
import { SseReader } from '../../test/sse-client';
import { waitFor } from '../../test/wait-for';
import { agentKeyOf, newVisitor, publicVisitor } from '../../test/webchat-helpers';

/**
 * The owner's notifications over real HTTP, with the offline model (no provider configured, as by
 * default): the agent hands over by itself when a website visitor asks for a person and the owner
 * is notified (stored and live on GET /api/events); the routes (list, unread count, read one or
 * all, owner scope, hostile input), the handoff message setting, the owner's own WhatsApp number,
 * and a failed document's notification. WhatsApp's side: whatsapp/pipeline/agent-handoff.int.test.ts.
 */
let t: TestApp;
const readers: SseReader[] = [];

beforeAll(async () => {
  t = await startTestApp({ jobs: true, env: { TRUST_PROXY: '127.0.0.1' } });
});
afterAll(async () => {
  await Promise.all(readers.map((r) => r.close()));
  await t?.close();
});

const DEFAULT_MESSAGE =
  'Vou chamar alguém da equipe para continuar o atendimento. Aguarde um instante, por favor.';

interface Owner {
  client: HttpClient;
  userId: number;
  agentId: number;
}

/** A signed-in owner with one agent, subscribed (the widget answers only then) unless `plan: null`. */
async function newOwner(options: { plan?: null } = {}): Promise<Owner> {
  const { client, user, id } = await signedInClient(t.baseUrl);
  if (options.plan !== null) await subscribeViaSandbox(client, user);
  const res = await client.post('/api/agents', {
    name: 'Atendente',
    systemPrompt: 'Você atende a Padaria Pão Quente.',
    status: 'active',
  });
  expect(res.status).toBe(201);
  return { client, userId: id, agentId: res.body.id as number };
}

async function conversationOf(agentId: number, contactId: string) {
  const rows = await t.ctx.database.db
    .select()
    .from(conversations)
    .where(eq(conversations.contactId, contactId));
  return rows.find((r) => r.agentId === agentId) ?? null;
}

async function liveEvents(client: HttpClient) {
  const reader = await SseReader.open(client, '/api/events');
  readers.push(reader);
  expect(reader.status).toBe(200);
  await reader.until((r) => r.blocks.some((b) => b.id !== undefined), 'the starting id');
  return reader;
}

function notificationEvents(reader: SseReader): OwnerNotification[] {
  return reader.events
    .filter((e) => e.event === 'notification')
    .map((e) => (JSON.parse(e.data!) as { notification: OwnerNotification }).notification);
}

async function notificationsOf(owner: Owner) {
  const res = await owner.client.get('/api/notifications');
  expect(res.status).toBe(200);
  return res.body as { items: OwnerNotification[]; unread: number; nextBefore: number | null };
}

async function ownerWithSiteAgent() {
  const owner = await newOwner();
  return { ...owner, key: await agentKeyOf(owner.client, owner.agentId) };
}

describe('the agent hands over by itself on the widget (offline model)', () => {
  it('replies with the default message, hands over, notifies; the next message gets no reply', async () => {
    const owner = await ownerWithSiteAgent();
    const events = await liveEvents(owner.client);
    const visitor = publicVisitor(t.baseUrl);
    const visitorId = newVisitor();
    const first = await visitor.chatText(owner.key, {
      visitorId,
      message: 'Quero falar com uma pessoa, por favor',
    });
    expect(first.status).toBe(200);
    expect(first.body.response).toBe(DEFAULT_MESSAGE);

    await events.until((r) => notificationEvents(r).length > 0, 'the notification event');
    const [live] = notificationEvents(events);
    expect(live).toMatchObject({ kind: 'needs-person', agentId: owner.agentId, subject: null });
    const conversation = (await conversationOf(owner.agentId, visitorId))!;
    expect(live!.conversationId).toBe(conversation.id);
    expect(conversation.handedOverAt).not.toBeNull();

    const quiet = await visitor.chatText(owner.key, { visitorId, message: 'Oi?' });
    expect(quiet.body).toEqual({ response: '', citations: [], offline: false });
    expect((await notificationsOf(owner)).items).toHaveLength(1);
  });

  it('streams the handoff message as the reply of the turn', async () => {
    const owner = await ownerWithSiteAgent();
    const visitor = publicVisitor(t.baseUrl);
    const visitorId = newVisitor();
    const streamed = await visitor.chatText(
      owner.key,
      { visitorId, message: 'atendente humano' },
      'chat/stream',
    );
    expect(streamed.status).toBe(200);
    const done = parseSse(streamed.text).find((e) => e.event === 'done');
    expect(done?.data).toMatchObject({ response: DEFAULT_MESSAGE });
    await waitFor(
      async () => ((await notificationsOf(owner)).items.length === 1 ? true : null),
      'the notification',
    );
    expect((await conversationOf(owner.agentId, visitorId))!.handedOverAt).not.toBeNull();
  });
});

describe('the handoff message setting', () => {
  it('refuses a message over 500 characters with a pt-BR message, and clears to the default', async () => {
    const owner = await newOwner();
    const long = await owner.client.put(`/api/agents/${owner.agentId}`, {
      handoffMessage: 'a'.repeat(501),
    });
    expect(long.status).toBe(400);
    expect(long.body.fieldErrors.handoffMessage).toEqual([
      'A mensagem de transferência pode ter no máximo 500 caracteres.',
    ]);
    const english = await owner.client.put(
      `/api/agents/${owner.agentId}`,
      { handoffMessage: 42 },
      { headers: { 'accept-language': 'en' } },
    );
    expect(english.status).toBe(400);
    expect(english.body.fieldErrors.handoffMessage).toEqual(['The handover message must be text.']);
    const cleared = await owner.client.put(`/api/agents/${owner.agentId}`, {
      handoffMessage: '   ',
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.handoffMessage).toBeNull();
  });
});

describe('notification routes', () => {
  async function seedNotifications(owner: Owner, count: number) {
    const db = t.ctx.database.db;
    for (let i = 0; i < count; i++) {
      await db.execute(
        sql`INSERT INTO notifications (owner_id, kind, payload)
            VALUES (${owner.userId}, 'document-failed',
              ${JSON.stringify({ agentId: owner.agentId, subject: `doc-${i}.pdf` })}::jsonb)`,
      );
    }
  }

  it('lists newest first in pages with the unread count; marks one, then all, read', async () => {
    const owner = await newOwner({ plan: null });
    await seedNotifications(owner, 3);
    const first = await owner.client.get('/api/notifications?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.unread).toBe(3);
    expect(first.body.items.map((n: OwnerNotification) => n.subject)).toEqual([
      'doc-2.pdf',
      'doc-1.pdf',
    ]);
    expect(first.body.items[0]).toMatchObject({
      kind: 'document-failed',
      agentId: owner.agentId,
      conversationId: null,
      readAt: null,
    });
    const second = await owner.client.get(
      `/api/notifications?limit=2&before=${first.body.nextBefore}`,
    );
    expect(second.body.items.map((n: OwnerNotification) => n.subject)).toEqual(['doc-0.pdf']);
    expect(second.body.nextBefore).toBeNull();

    const one = await owner.client.post('/api/notifications/read', {
      ids: [first.body.items[0].id],
    });
    expect(one.body).toEqual({ updated: 1, unread: 2 });
    const after = await owner.client.get('/api/notifications');
    expect(after.body.items[0].readAt).not.toBeNull();
    expect(after.body.items[1].readAt).toBeNull();

    const all = await owner.client.post('/api/notifications/read', { all: true });
    expect(all.body).toEqual({ updated: 2, unread: 0 });
  });

  it('is owner-scoped: another owner’s ids are ignored and never listed', async () => {
    const alice = await newOwner({ plan: null });
    const bob = await newOwner({ plan: null });
    await seedNotifications(alice, 1);
    const aliceId = (await notificationsOf(alice)).items[0]!.id;
    const read = await bob.client.post('/api/notifications/read', { ids: [aliceId] });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ updated: 0, unread: 0 });
    expect((await notificationsOf(bob)).items).toEqual([]);
    const allByBob = await bob.client.post('/api/notifications/read', { all: true });
    expect(allByBob.body.updated).toBe(0);
    expect((await notificationsOf(alice)).unread).toBe(1);
  });

  it('refuses bad input with 400 in the reader’s language and strangers with 401', async () => {
    const owner = await newOwner({ plan: null });
    for (const body of [{}, { ids: [] }, { ids: ['x'] }, { ids: [1.5] }, { all: false }, []]) {
      const res = await owner.client.post('/api/notifications/read', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    const tooMany = await owner.client.post('/api/notifications/read', {
      ids: Array.from({ length: 101 }, (_, i) => i + 1),
    });
    expect(tooMany.status).toBe(400);
    const badPage = await owner.client.get('/api/notifications?limit=0');
    expect(badPage.status).toBe(400);
    expect(badPage.body.fieldErrors.limit).toEqual([
      'Quantidade de notificações inválida (de 1 a 50).',
    ]);
    const badCursor = await owner.client.get('/api/notifications?before=abc', {
      headers: { 'accept-language': 'en' },
    });
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.fieldErrors.before).toEqual(['Invalid notifications page.']);
    const stranger = await new HttpClient(t.baseUrl).get('/api/notifications');
    expect(stranger.status).toBe(401);
  });
});

describe('other producers', () => {
  it('a document that fails notifies the owner with its name', async () => {
    const owner = await newOwner();
    const uploaded = await upload(
      owner.client,
      owner.agentId,
      await makeEncryptedPdf('segredo'),
      'cardapio-quebrado.pdf',
    );
    expect(uploaded.status).toBe(201);
    const doc = await waitForDocument(owner.client, owner.agentId, uploaded.body.id);
    expect(doc.processingStatus).toBe('failed');
    const listed = await waitFor(async () => {
      const page = await notificationsOf(owner);
      return page.items.length > 0 ? page : null;
    }, 'the document notification');
    expect(listed.items[0]).toMatchObject({
      kind: 'document-failed',
      agentId: owner.agentId,
      subject: 'cardapio-quebrado.pdf',
    });
  });
});

describe('the owner’s own WhatsApp number', () => {
  it('validates the owner’s number (Brazilian, opt-in) in the reader’s language', async () => {
    const owner = await newOwner({ plan: null });
    const initial = await owner.client.get('/api/notifications/settings');
    expect(initial.body).toEqual({ whatsappEnabled: false, whatsappPhone: null });
    const bad = await owner.client.put('/api/notifications/settings', {
      whatsappEnabled: true,
      whatsappPhone: '(11) 1234',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.whatsappPhone).toEqual([
      'Informe um celular brasileiro com DDD, por exemplo (11) 91234-5678.',
    ]);
    const missing = await owner.client.put('/api/notifications/settings', {
      whatsappEnabled: true,
      whatsappPhone: '',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors.whatsappPhone).toEqual([
      'Informe o seu número para receber avisos no WhatsApp.',
    ]);
    const saved = await owner.client.put('/api/notifications/settings', {
      whatsappEnabled: true,
      whatsappPhone: '+55 (21) 98765-4321',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ whatsappEnabled: true, whatsappPhone: '5521987654321' });
    expect((await owner.client.get('/api/notifications/settings')).body).toEqual(saved.body);
  });
});
