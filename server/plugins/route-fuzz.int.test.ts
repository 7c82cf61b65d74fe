import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatorApiKey } from '../adapters/gateway/gateway-client';
import {
  BROKEN_MULTIPART,
  FIXED_CASES,
  hostileBody,
  type HostileCase,
} from '../test/hostile-inputs';
import { HttpClient, signedInClient, type HttpResponse } from '../test/http-client';
import { startTestApp, type TestApp } from '../test/harness';
import { RowChanges } from '../test/row-changes';
import { queryRows } from '../db/client';
import { agentKeyOf } from '../test/webchat-helpers';

/**
 * Walks every route the app registers (collected by its onRoute hook, so a new route is covered
 * without touching this file) with hostile bodies, parameters and queries, signed in and out:
 * nothing may answer 5xx, and a refused request (4xx) may change no row.
 */
interface Route {
  method: string;
  url: string;
}

const routes: Route[] = [];
let t: TestApp;
let changes: RowChanges;
/** the signed-in client and the ids of its objects, in use by the running test */
let owner: HttpClient;
let params: Record<string, string> = {};
const fixtures: { owner: HttpClient; params: Record<string, string> }[] = [];
/** every harmful answer of the running test, reported together */
const failures: string[] = [];

function collect(route: RouteOptions) {
  for (const method of [route.method].flat()) {
    if (method === 'HEAD') continue;
    routes.push({ method, url: route.url });
  }
}

/**
 * A customer conversation of the agent as the channels leave one (a customer's message, the
 * agent's reply, a person's reply with a file, a failed turn), so the inbox's routes with an id
 * read, change and refuse a real one: `conversationId` and the person's `messageId`.
 */
async function customerConversation(channel: 'whatsapp' | 'webchat', agentId: number) {
  const contact = channel === 'whatsapp' ? '5511977776666' : 'visitante-fuzz-0000000000001';
  const target =
    channel === 'whatsapp'
      ? sql`jsonb_build_object('target', jsonb_build_object('kind', 'agent', 'id', i.id,
          'agentId', i.agent_id, 'instanceName', i.instance_name))`
      : sql`NULL::jsonb`;
  const [conversation] = await queryRows<{ id: number }>(
    t.database.db,
    sql`INSERT INTO conversations (agent_id, channel, contact_id, contact_name, metadata)
        SELECT ${agentId}, ${channel}, ${contact}, 'Cliente Fuzz', ${target}
        FROM (SELECT max(id) AS id, ${agentId}::int AS agent_id, max(instance_name) AS instance_name
              FROM whatsapp_instances WHERE agent_id = ${agentId}) i
        RETURNING id`,
  );
  const id = conversation!.id;
  await t.database.db.execute(sql`INSERT INTO messages (conversation_id, role, content, status)
    VALUES (${id}, 'user', 'Vocês entregam hoje?', 'done'),
      (${id}, 'assistant', 'Entregamos sim, até as 18h.', 'done'),
      (${id}, 'user', 'E amanhã?', 'failed')`);
  const [person] = await queryRows<{ id: number }>(
    t.database.db,
    sql`INSERT INTO messages (conversation_id, role, content, kind, status, error, media)
        VALUES (${id}, 'human', 'Segue o cardápio.', 'image', 'failed', 'gateway',
          '{"mimetype": "image/png", "fileName": "cardapio.png"}'::jsonb)
        RETURNING id`,
  );
  await t.database.db.execute(sql`INSERT INTO message_files (message_id, mimetype, file_name,
      size, data)
    VALUES (${person!.id}, 'image/png', 'cardapio.png', 8, '\x89504e470d0a1a0a'::bytea)`);
  return { conversationId: String(id), messageId: String(person!.id) };
}

/**
 * A signed-in owner with one of each object the routes name: agent, chat, document, number, and a
 * customer conversation on `channel`.
 */
async function makeFixture(channel: 'whatsapp' | 'webchat') {
  const signedIn = await signedInClient(t.baseUrl);
  owner = signedIn.client;
  params = {};
  const agent = await owner.post('/api/agents', {
    name: 'Padaria',
    systemPrompt: 'Você atende clientes da padaria.',
    status: 'active',
  });
  params.id = String(agent.body.id);
  await owner.post(`/api/agents/${params.id}/test`, { message: 'Vocês abrem domingo?' });
  const conversations = await owner.get(`/api/agents/${params.id}/conversations?channel=test`);
  params.cid = String(conversations.body[0]?.id ?? 1);
  const form = new FormData();
  form.append('document', new Blob(['Abrimos das 7h às 19h.']), 'horario.txt');
  const doc = await owner.request('POST', `/api/agents/${params.id}/upload-document`, {
    body: form,
  });
  params.documentId = String(doc.body.id ?? 1);
  const instance = await owner.post(`/api/agents/${params.id}/whatsapp/create-instance`, {
    phoneNumber: '5511988887777',
  });
  params.instanceName = String(instance.body.instanceName ?? 'instancia');
  const checkout = await owner.post('/api/subscriptions/create', {
    planId: 'standard',
    userEmail: signedIn.user.email,
    userName: signedIn.user.name,
  });
  params.checkout = new URL(checkout.body.init_point).pathname.split('/').at(-1)!;
  // Subscribed (the sandbox sync job does not run here), so the widget's routes read their input.
  await t.database.db.execute(
    sql`UPDATE subscriptions SET status = 'active' WHERE user_id = ${signedIn.id}`,
  );
  params.key = await agentKeyOf(owner, Number(params.id));
  Object.assign(params, await customerConversation(channel, Number(params.id)));
  fixtures.push({ owner, params });
}

/** The next fixture becomes the signed-in owner (each test may delete what it was given). */
function useFixture() {
  const next = fixtures.shift()!;
  owner = next.owner;
  params = next.params;
  failures.length = 0;
}

beforeAll(async () => {
  t = await startTestApp({ jobs: 'enqueue', onRoute: collect });
  // The simulator's webhooks go nowhere here (no listener at PUBLIC_URL): one attempt each, so
  // its drain answers at once, and no QR rotation writes while the routes are walked.
  await new HttpClient(t.baseUrl).put(
    '/simulator/evolution/_sim/_settings',
    { qrRotationMs: 3_600_000, webhook: { attempts: 1, timeoutMs: 1000 } },
    { headers: { apikey: simulatorApiKey(t.ctx.appSecret) } },
  );
  // made before any route is walked: the walk trips the per-address registration limit
  await makeFixture('whatsapp');
  await makeFixture('whatsapp');
  await makeFixture('webchat');
  changes = await RowChanges.track(t.database.db);
});

afterAll(async () => {
  await t?.close();
});

/** A concrete path: the fixture's own objects, or the hostile value in every parameter. */
function pathOf(route: Route, hostileParam?: string): string {
  return route.url.replace(/:(\w+)|\*/g, (_match, name?: string) => {
    if (hostileParam !== undefined) return hostileParam;
    if (!name) return 'chat';
    if (name === 'id' && route.url.startsWith('/api/sandbox-checkout')) return params.checkout!;
    if (name === 'id' && route.url.startsWith('/api/evolution-instances')) return '1';
    if (name === 'id' && route.url.startsWith('/api/conversations/')) return params.conversationId!;
    return params[name] ?? '1';
  });
}

async function send(route: Route, c: HostileCase, client: HttpClient): Promise<HttpResponse> {
  const path = pathOf(route, c.param) + (c.query ? `?${c.query}` : '');
  const hasBody = takesBody(route);
  return client.request(route.method, path, {
    headers: {
      apikey: client === owner ? simulatorApiKey(t.ctx.appSecret) : 'wrong',
      ...(hasBody ? { 'content-type': c.contentType ?? 'application/json' } : {}),
    },
    ...(hasBody ? { body: c.body ?? '{}' } : {}),
    leaveEventStreams: true,
  });
}

async function expectHarmless(route: Route, c: HostileCase, client: HttpClient) {
  const res = await send(route, c, client);
  const written = await changes.take();
  const what = `${route.method} ${route.url} [${c.label}] → ${res.status}`;
  if (res.status >= 500) failures.push(`${what} ${res.text.slice(0, 160)}`);
  else if (res.status >= 400 && written.length > 0)
    failures.push(`${what} wrote ${written.join(', ')}`);
}

function takesBody(route: Route): boolean {
  return route.method !== 'GET' && route.method !== 'OPTIONS';
}

/** A body case on a route without a body, or a parameter case on one without parameters, would repeat the plain request. */
function applies(route: Route, c: HostileCase): boolean {
  if (c.body !== undefined && !takesBody(route)) return false;
  if (c.param !== undefined && !/:|\*/.test(route.url)) return false;
  return true;
}

/** Routes that end the fixture's session or objects go last, so the others see them alive. */
function destructiveLast(a: Route, b: Route): number {
  const rank = (r: Route) => (r.method === 'DELETE' ? 2 : r.url === '/api/logout' ? 3 : 0);
  return rank(a) - rank(b);
}

describe('every route refuses hostile input without a 5xx or a write', () => {
  it('finds the app routes', () => {
    expect(routes.length).toBeGreaterThan(60);
    expect(routes).toContainEqual({ method: 'POST', url: '/api/register' });
  });

  it('fixed hostile shapes, signed out and signed in', async () => {
    useFixture();
    // the inbox's routes with an id see a real conversation of the owner, not only 404
    const conversation = await owner.get(`/api/conversations/${params.conversationId}`);
    expect(conversation.status, conversation.text).toBe(200);
    expect(conversation.body.conversation.channel).toBe('whatsapp');
    const anonymous = new HttpClient(t.baseUrl);
    for (const route of [...routes].sort(destructiveLast)) {
      for (const c of FIXED_CASES.filter((c) => applies(route, c))) {
        await expectHarmless(route, c, anonymous);
        await expectHarmless(route, c, owner);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('a broken multipart body on every route that reads a file is a 400 in pt-BR', async () => {
    useFixture();
    // The voice test answers 422 before reading its file without a provider (multimedia.int.test.ts
    // checks it with one); every other file route reads the body here.
    const fileRoutes = [
      '/api/agents/:id/multimedia/image',
      '/api/agents/:id/upload-document',
      '/api/conversations/:id/messages',
    ];
    for (const url of fileRoutes) {
      expect(routes).toContainEqual({ method: 'POST', url });
      for (const c of BROKEN_MULTIPART) {
        const res = (await send({ method: 'POST', url }, c, owner)) as HttpResponse<{
          code?: string;
          message?: string;
        }>;
        const what = `POST ${url} [${c.label}] → ${res.status} ${res.text.slice(0, 120)}`;
        if (res.status !== 400 || res.body?.code !== 'BAD_MULTIPART') failures.push(what);
        else if (!String(res.body.message).startsWith('Não foi possível ler o arquivo'))
          failures.push(`${what}: not the pt-BR message`);
        if ((await changes.take()).length > 0) failures.push(`${what} wrote a row`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('generated bodies (fast-check), signed in', async () => {
    useFixture();
    const conversation = await owner.get(`/api/conversations/${params.conversationId}`);
    expect(conversation.body.conversation.channel).toBe('webchat');
    const withBodies = routes.filter(takesBody);
    for (const route of withBodies.sort(destructiveLast)) {
      await fc
        .assert(
          fc.asyncProperty(hostileBody, async (body) => {
            const before = failures.length;
            await expectHarmless(route, { label: 'generated', body: JSON.stringify(body) }, owner);
            return failures.length === before;
          }),
          { numRuns: 8, seed: 20261125, endOnFailure: true },
        )
        .catch((err: unknown) =>
          failures.push(`${route.method} ${route.url}: ${String(err).slice(0, 300)}`),
        );
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
