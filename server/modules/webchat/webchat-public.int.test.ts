import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { subscribeViaSandbox } from '../../test/billing-helpers';
import { parseSse } from '../../test/fake-openai';
import { signedInClient } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/harness';
import { upload, waitForDocument } from '../../test/knowledge-helpers';
import { agentKeyOf, newVisitor, publicVisitor } from '../../test/webchat-helpers';
import { WEBCHAT_LIMITS } from './public-chat.routes';

/**
 * With jobs and without MERCADOPAGO_ACCESS_TOKEN: owners subscribe through the sandbox checkout.
 * The test client is trusted as a proxy, so each visitor can come from its own address.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ jobs: true, env: { TRUST_PROXY: '127.0.0.1' } });
});
afterAll(async () => {
  await t.close();
});

const knowledge = [
  'Funcionamos de segunda a sábado, das 8h às 18h.',
  'Fazemos entregas em todo o bairro Jardim América com taxa de R$ 5,00.',
].join('\n\n');

const agentBody = (status: string, extra: Record<string, unknown> = {}) => ({
  name: 'Padaria Pão Quente',
  systemPrompt: 'Você atende os clientes da Padaria Pão Quente.',
  knowledgeBase: knowledge,
  status,
  ...extra,
});

/** An owner with a trialing standard subscription (so the widget answers) and one agent, its key. */
async function ownerWithAgent(status = 'active', extra: Record<string, unknown> = {}) {
  const owner = await unsubscribedOwnerWithAgent(status, extra);
  await subscribeViaSandbox(owner.client, owner.user);
  return owner;
}

/** Agents can be built and tested without a subscription; the widget does not answer for them. */
async function unsubscribedOwnerWithAgent(status = 'active', extra: Record<string, unknown> = {}) {
  const owner = await signedInClient(t.baseUrl);
  const res = await owner.client.post('/api/agents', agentBody(status, extra));
  expect(res.status).toBe(201);
  return { ...owner, agent: res.body, key: await agentKeyOf(owner.client, res.body.id) };
}

/** A website visitor (every test its own client address, so limits do not mix). */
const visitor = (origin?: string | null) => publicVisitor(t.baseUrl, origin);

const conversationsOf = (agentId: number) =>
  queryRows<{ channel: string; contact_id: string; n: number }>(
    t.database.db,
    sql`SELECT c.channel, c.contact_id, (SELECT count(*)::int FROM messages m WHERE m.conversation_id = c.id) AS n
        FROM conversations c WHERE c.agent_id = ${agentId} ORDER BY c.id`,
  );

describe('POST /api/public/agents/{key}/chat', () => {
  it('answers an active agent’s visitor from the knowledge base, without sources by default, and stores the conversation', async () => {
    const { client, agent, key } = await ownerWithAgent();
    const before = (await client.get('/api/dashboard/stats')).body.conversations;
    const v = visitor();
    const visitorId = newVisitor();
    const res = await v.chatText(key, { visitorId, message: 'Vocês fazem entregas?' });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://www.loja.com.br');
    expect(res.body.response).toContain('Fazemos entregas em todo o bairro Jardim América');
    expect(res.body.citations).toEqual([]);
    expect(Object.keys(res.body).sort()).toEqual(['citations', 'offline', 'response']);
    expect(await conversationsOf(agent.id)).toEqual([
      { channel: 'webchat', contact_id: visitorId, n: 2 },
    ]);
    const after = (await client.get('/api/dashboard/stats')).body.conversations;
    expect(after).toBe(before + 1);
  });

  it('shows sources only when the owner chooses to, under the documents’ public titles', async () => {
    const { client, agent, key } = await ownerWithAgent('active', { knowledgeBase: '' });
    const uploaded = await upload(
      client,
      agent.id,
      Buffer.from('Bolo de cenoura com cobertura de chocolate: R$ 45,00 o quilo.'),
      'cardapio-interno-v3.txt',
    );
    expect((await waitForDocument(client, agent.id, uploaded.body.id)).processingStatus).toBe(
      'ready',
    );
    const ask = async () =>
      (
        await visitor().chat(key, {
          visitorId: newVisitor(),
          message: 'Quanto custa o bolo de cenoura?',
        })
      ).body.citations as { source: string }[];
    expect(await ask()).toEqual([]);

    const shown = await client.put(`/api/agents/${agent.id}/webchat-config`, {
      config: { showSources: true },
      allowedDomains: [],
    });
    expect(shown.status).toBe(200);
    expect((await ask()).map((c) => c.source)).toEqual(['cardapio-interno-v3']);

    const renamed = await client.patch(`/api/agents/${agent.id}/documents/${uploaded.body.id}`, {
      publicTitle: '  Cardápio  ',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.publicTitle).toBe('Cardápio');
    expect((await ask()).map((c) => c.source)).toEqual(['Cardápio']);

    // Too long, or another owner's document: refused, nothing changed.
    const tooLong = await client.patch(`/api/agents/${agent.id}/documents/${uploaded.body.id}`, {
      publicTitle: 'x'.repeat(121),
    });
    expect(tooLong.status).toBe(400);
    const other = await signedInClient(t.baseUrl);
    const foreign = await other.client.patch(
      `/api/agents/${agent.id}/documents/${uploaded.body.id}`,
      { publicTitle: 'Invadido' },
    );
    expect(foreign.status).toBe(404);
    expect((await ask()).map((c) => c.source)).toEqual(['Cardápio']);
  });

  it('refuses draft and testing agents with the same pt-BR “unavailable” error', async () => {
    const draft = await ownerWithAgent('draft');
    const testing = await ownerWithAgent('testing');
    const v = visitor();
    for (const key of [draft.key, testing.key]) {
      const res = await v.chat(key, { visitorId: newVisitor(), message: 'Oi' });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        code: 'WEBCHAT_AGENT_UNAVAILABLE',
        message: 'Este assistente não está disponível no momento.',
      });
      expect(res.headers.get('access-control-allow-origin')).toBe('https://www.loja.com.br');
    }
    expect(await conversationsOf(draft.agent.id)).toEqual([]);
  });

  it('limits the message length and refuses bad visitor ids, storing nothing', async () => {
    const { agent, key } = await ownerWithAgent();
    const v = visitor();
    const long = await v.chat(key, { visitorId: newVisitor(), message: 'a'.repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Mensagem longa demais (máximo de 2000 caracteres)');
    const badId = await v.chat(key, { visitorId: 'curto', message: 'Oi' });
    expect(badId.status).toBe(400);
    expect(badId.body.message).toBe('Identificador de visitante inválido');
    const badJson = await v.chatText(key, 'não é json');
    expect(badJson.status).toBe(400);
    expect(await conversationsOf(agent.id)).toEqual([]);
  });
});

const UNAVAILABLE = {
  code: 'WEBCHAT_AGENT_UNAVAILABLE',
  message: 'Este assistente não está disponível no momento.',
};

/** Chat, stream and history all refused with the neutral pt-BR "unavailable", CORS readable. */
async function expectRefused(key: string, visitorId = newVisitor()) {
  const v = visitor();
  for (const res of [
    await v.chat(key, { visitorId, message: 'Vocês fazem entregas?' }),
    await v.chatText(key, { visitorId, message: 'Vocês fazem entregas?' }, 'chat/stream'),
    await v.history(key, visitorId),
  ]) {
    expect(res.status).toBe(403);
    expect(res.body).toEqual(UNAVAILABLE);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://www.loja.com.br');
  }
}

describe('only owners with an active or trialing subscription answer visitors', () => {
  it('refuses an active agent of an owner without a subscription, storing nothing; the owner can still test it', async () => {
    const { client, agent, key } = await unsubscribedOwnerWithAgent();
    await expectRefused(key);
    // The dashboard preview is the same public API from the app's own origin: refused as well.
    const preview = await client.post(
      `/api/public/agents/${key}/chat`,
      { visitorId: newVisitor(), message: 'Oi' },
      { origin: new URL(t.ctx.config.PUBLIC_URL).origin },
    );
    expect(preview.status).toBe(403);
    expect(preview.body).toEqual(UNAVAILABLE);
    expect(await conversationsOf(agent.id)).toEqual([]);
    expect((await client.post(`/api/agents/${agent.id}/test`, { message: 'Olá' })).status).toBe(
      200,
    );
  });

  it('stops answering once the subscription is cancelled, keeping what was said before', async () => {
    const { client, agent, key } = await ownerWithAgent();
    const visitorId = newVisitor();
    const first = await visitor().chat(key, { visitorId, message: 'Vocês fazem entregas?' });
    expect(first.status).toBe(200);
    const cancelled = await client.post('/api/subscription/cancel');
    expect(cancelled.body.status).toBe('cancelled');
    await expectRefused(key, visitorId);
    expect(await conversationsOf(agent.id)).toEqual([
      { channel: 'webchat', contact_id: visitorId, n: 2 },
    ]);
  });

  it('after a downgrade to basico only the oldest agent answers; the one over the limit is refused', async () => {
    const owner = await signedInClient(t.baseUrl);
    await subscribeViaSandbox(owner.client, owner.user, 'multi');
    const agents: { id: number; key: string }[] = [];
    for (const name of ['Primeiro', 'Segundo']) {
      const res = await owner.client.post('/api/agents', agentBody('active', { name }));
      expect(res.status).toBe(201);
      agents.push({ id: res.body.id, key: await agentKeyOf(owner.client, res.body.id) });
    }
    const down = await owner.client.put('/api/subscription/plan', { planId: 'basico' });
    expect(down.status).toBe(200);
    const [oldest, second] = agents as [(typeof agents)[0], (typeof agents)[0]];
    const visitorId = newVisitor();
    const ok = await visitor().chat(oldest.key, { visitorId, message: 'Oi' });
    expect(ok.status).toBe(200);
    await expectRefused(second.key);
    expect(await conversationsOf(second.id)).toEqual([]);
    expect(await conversationsOf(oldest.id)).toEqual([
      { channel: 'webchat', contact_id: visitorId, n: 2 },
    ]);
  });
});

describe('POST /api/public/agents/{key}/chat/stream', () => {
  it('streams the reply as SSE deltas, then the full reply', async () => {
    const { agent, key } = await ownerWithAgent();
    const visitorId = newVisitor();
    const res = await visitor().chatText(
      key,
      { visitorId, message: 'Qual o horário de funcionamento?' },
      'chat/stream',
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.headers.get('access-control-allow-origin')).toBe('https://www.loja.com.br');
    const events = parseSse(res.text);
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(1);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(
      deltas
        .map((d) => d.data.text)
        .join('')
        .trim(),
    ).toBe(done.data.response);
    expect(done.data.response).toContain('segunda a sábado');
    expect(done.data.citations).toEqual([]);
    expect(await conversationsOf(agent.id)).toEqual([
      { channel: 'webchat', contact_id: visitorId, n: 2 },
    ]);
  });
});

describe('allowed domains: Origin check and CORS', () => {
  async function restricted() {
    const owner = await ownerWithAgent();
    const res = await owner.client.put(`/api/agents/${owner.agent.id}/webchat-config`, {
      config: {},
      allowedDomains: ['loja.com.br'],
    });
    expect(res.status).toBe(200);
    return owner;
  }

  it('answers listed hosts and their subdomains, with CORS for that origin only', async () => {
    const { key } = await restricted();
    for (const origin of ['https://loja.com.br', 'https://www.loja.com.br']) {
      const res = await visitor(origin).chat(key, { visitorId: newVisitor(), message: 'Oi' });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.get('vary')).toContain('Origin');
    }
    const preflight = await visitor('https://www.loja.com.br').preflight(key);
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://www.loja.com.br');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('refuses other origins (and none at all) with a readable pt-BR refusal, storing nothing', async () => {
    const { agent, key } = await restricted();
    for (const origin of ['https://evil.example', 'https://loja.com.br.evil.example', null]) {
      const res = await visitor(origin).chat(key, { visitorId: newVisitor(), message: 'Oi' });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('WEBCHAT_ORIGIN_REFUSED');
      expect(res.body.message).toContain('Este site não tem permissão para usar este chat');
    }
    const preflight = await visitor('https://evil.example').preflight(key);
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const history = await visitor('https://evil.example').history(key, newVisitor());
    expect(history.status).toBe(403);
    expect(await conversationsOf(agent.id)).toEqual([]);
  });

  it('lets any site in while the list is empty', async () => {
    const { key } = await ownerWithAgent();
    const res = await visitor('http://127.0.0.1:9').chat(key, {
      visitorId: newVisitor(),
      message: 'Oi',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:9');
  });
});

describe('rate limits', () => {
  it(`allows ${WEBCHAT_LIMITS.visitorPerMinute} messages a minute per visitor, then a friendly pt-BR 429`, async () => {
    const { key } = await ownerWithAgent();
    const v = visitor();
    const visitorId = newVisitor();
    // Empty messages are refused after being counted: the limit holds without running the model.
    for (let i = 0; i < WEBCHAT_LIMITS.visitorPerMinute; i++) {
      expect((await v.chat(key, { visitorId, message: '' })).status).toBe(400);
    }
    const res = await v.chat(key, { visitorId, message: 'Oi' });
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('WEBCHAT_RATE_LIMITED');
    expect(res.body.message).toMatch(
      /^Você enviou muitas mensagens seguidas\. Aguarde (\d+ segundos?|1 minuto) e tente novamente\.$/,
    );
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another visitor from another address is not affected.
    expect((await visitor().chat(key, { visitorId: newVisitor(), message: 'Oi' })).status).toBe(
      200,
    );
  });

  it(`allows ${WEBCHAT_LIMITS.ipPerMinute} messages a minute per client address across visitors`, async () => {
    const { key } = await ownerWithAgent();
    const v = visitor();
    for (let i = 0; i < WEBCHAT_LIMITS.ipPerMinute; i++) {
      expect((await v.chat(key, { visitorId: newVisitor(), message: '' })).status).toBe(400);
    }
    const res = await v.chat(key, { visitorId: newVisitor(), message: 'Oi' });
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('WEBCHAT_RATE_LIMITED');
  });
});

describe('POST /api/public/agents/{key}/history', () => {
  it('gives back only this visitor’s messages with this agent', async () => {
    const { agent, key, client } = await ownerWithAgent();
    const other = await ownerWithAgent();
    const v = visitor();
    const alice = newVisitor();
    const bob = newVisitor();
    await v.chat(key, { visitorId: alice, message: 'Vocês fazem entregas?' });
    await v.chat(key, { visitorId: bob, message: 'Qual o horário?' });
    // The owner's own test chat is another channel and never shows up.
    await client.post(`/api/agents/${agent.id}/test`, { message: 'mensagem do dono' });

    const mine = await v.history(key, alice);
    expect(mine.status).toBe(200);
    expect(mine.body.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    expect(mine.body.messages[0].content).toBe('Vocês fazem entregas?');
    expect(JSON.stringify(mine.body)).not.toContain('Qual o horário?');
    expect(JSON.stringify(mine.body)).not.toContain('mensagem do dono');

    expect((await v.history(key, newVisitor())).body).toEqual({ messages: [], cursor: null });
    expect((await v.history(other.key, alice)).body).toEqual({ messages: [], cursor: null });
    expect((await v.history(key, 'curto')).status).toBe(400);
  });
});
