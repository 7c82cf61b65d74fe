import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { agents } from '../../db/schema';
import { subscribeViaSandbox } from '../../test/billing-helpers';
import { parseSse } from '../../test/fake-openai';
import { HttpClient, signedInClient } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/harness';
import { agentKeyOf, newVisitor, publicVisitor } from '../../test/webchat-helpers';

/** With jobs and without MERCADOPAGO_ACCESS_TOKEN: owners subscribe through the sandbox checkout. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ jobs: true, env: { TRUST_PROXY: '127.0.0.1' } });
});
afterAll(async () => {
  await t.close();
});

const KEY_FORMAT = /^[A-Za-z0-9_-]{32}$/;
const NOT_FOUND = {
  code: 'WEBCHAT_AGENT_NOT_FOUND',
  message: 'Este assistente não está disponível no momento.',
};
const agentBody = {
  name: 'Padaria Pão Quente',
  systemPrompt: 'Você atende os clientes da Padaria Pão Quente.',
  knowledgeBase: 'Fazemos entregas em todo o bairro Jardim América com taxa de R$ 5,00.',
  status: 'active',
};

/** A subscribed owner (so the widget answers) with one active agent and its key. */
async function ownerWithAgent(planId = 'standard') {
  const owner = await signedInClient(t.baseUrl);
  await subscribeViaSandbox(owner.client, owner.user, planId);
  const res = await owner.client.post('/api/agents', agentBody);
  expect(res.status).toBe(201);
  return { ...owner, agent: res.body, key: await agentKeyOf(owner.client, res.body.id) };
}

const rotate = (client: HttpClient, agentId: number) =>
  client.post(`/api/agents/${agentId}/webchat-key/rotate`);

const conversationCount = async (agentId: number) =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM conversations WHERE agent_id = ${agentId}`,
    )
  )[0]!.n;

/** Chat, its stream, the history and the preflight, all naming the agent by `path`. */
async function publicCalls(path: string | number, visitorId = newVisitor()) {
  const v = publicVisitor(t.baseUrl);
  const message = { visitorId, message: 'Vocês fazem entregas?' };
  return {
    chat: await v.chat(path, message),
    stream: await v.chatText(path, message, 'chat/stream'),
    history: await v.history(path, visitorId),
    preflight: await v.preflight(path),
  };
}

async function expectNotFound(path: string | number) {
  const calls = await publicCalls(path);
  for (const res of [calls.chat, calls.stream, calls.history]) {
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
    // Readable by the widget on the host page, so it can say the chat is unavailable.
    expect(res.headers.get('access-control-allow-origin')).toBe('https://www.loja.com.br');
  }
  expect(calls.preflight.status).toBe(404);
}

describe('agent public keys', () => {
  it('gives every agent its own key of 192 random bits, a duplicate too, unique in the database', async () => {
    const { client, agent, key } = await ownerWithAgent('multi');
    // A duplicate is a new agent made from the copied fields; a key sent along is ignored.
    const copy = await client.post('/api/agents', {
      ...agentBody,
      publicKey: key,
      status: 'draft',
    });
    expect(copy.status).toBe(201);
    const other = await ownerWithAgent();
    const keys = [key, await agentKeyOf(client, copy.body.id), other.key];
    for (const k of keys) {
      expect(k).toMatch(KEY_FORMAT);
      expect(Buffer.from(k, 'base64url')).toHaveLength(24);
    }
    expect(new Set(keys).size).toBe(3);

    await expect(
      t.database.db.update(agents).set({ publicKey: key }).where(eq(agents.id, copy.body.id)),
    ).rejects.toThrow();
    expect(await agentKeyOf(client, agent.id)).toBe(key);
  });
});

describe('the public API names agents by their key only', () => {
  it('answers the key on chat, stream and history; the numeric id and unknown keys are 404', async () => {
    const { agent, key } = await ownerWithAgent();
    for (const path of [agent.id, `${agent.id}`, randomBytes(24).toString('base64url'), 'x']) {
      await expectNotFound(path);
    }
    const flipped = `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`;
    await expectNotFound(flipped);
    expect(await conversationCount(agent.id)).toBe(0);

    const visitorId = newVisitor();
    const calls = await publicCalls(key, visitorId);
    expect(calls.chat.status).toBe(200);
    expect(calls.chat.body.response).toContain('Fazemos entregas');
    expect(calls.stream.status).toBe(200);
    expect(parseSse(calls.stream.text).at(-1)!.event).toBe('done');
    expect(calls.history.status).toBe(200);
    expect(calls.history.body.messages).toHaveLength(4);
    expect(calls.preflight.status).toBe(204);
    // Nothing of the agent or its owner in what a visitor gets back.
    for (const res of [calls.chat, calls.stream, calls.history]) {
      expect(res.text).not.toMatch(/"(id|agentId|ownerId|owner_id|publicKey)"/);
    }
  });
});

describe('POST /api/agents/{id}/webchat-key/rotate', () => {
  it('replaces the key at once: the old one is 404, the new one answers and is in the snippet', async () => {
    const { client, agent, key } = await ownerWithAgent();
    const visitorId = newVisitor();
    const v = publicVisitor(t.baseUrl);
    expect((await v.chat(key, { visitorId, message: 'Vocês fazem entregas?' })).status).toBe(200);

    const res = await rotate(client, agent.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ agentKey: expect.stringMatching(KEY_FORMAT) });
    const fresh = res.body.agentKey as string;
    expect(fresh).not.toBe(key);

    await expectNotFound(key);
    const answer = await v.chat(fresh, { visitorId, message: 'Qual a taxa de entrega?' });
    expect(answer.status).toBe(200);
    // The visitor's conversation is the agent's, not the key's: it carries on.
    expect((await v.history(fresh, visitorId)).body.messages).toHaveLength(4);
    const code = (await client.get(`/api/agents/${agent.id}/webchat-code`)).body;
    expect(code.embedConfig.agentKey).toBe(fresh);
    expect(code.code).toContain(`data-agent-key="${fresh}"`);
    expect(code.code).not.toContain(key);
  });

  it('is the owner’s only: another owner gets 404 and the key stays; signed out is 401', async () => {
    const { client, agent, key } = await ownerWithAgent();
    const other = await signedInClient(t.baseUrl);
    const res = await rotate(other.client, agent.id);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('AGENT_NOT_FOUND');
    expect((await rotate(new HttpClient(t.baseUrl), agent.id)).status).toBe(401);
    expect((await rotate(client, 999_999)).status).toBe(404);
    expect(await agentKeyOf(client, agent.id)).toBe(key);
    const chat = await publicVisitor(t.baseUrl).chat(key, {
      visitorId: newVisitor(),
      message: 'Oi',
    });
    expect(chat.status).toBe(200);
  });
});
