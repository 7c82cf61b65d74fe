import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { parseSse } from '../../test/fake-openai';
import { HttpClient, signedInClient } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const knowledge = [
  'Funcionamos de segunda a sábado, das 8h às 18h. Aos domingos a loja fica fechada.',
  'Fazemos entregas em todo o bairro Jardim América com taxa de R$ 5,00.',
  'Aceitamos Pix, cartão de crédito e débito.',
].join('\n\n');

async function agentWithKnowledge() {
  const owner = await signedInClient(t.baseUrl);
  const agent = (
    await owner.client.post('/api/agents', {
      name: 'Padaria Pão Quente',
      systemPrompt: 'Você atende os clientes da Padaria Pão Quente.',
      knowledgeBase: knowledge,
    })
  ).body;
  return { ...owner, agent };
}

describe('POST /api/agents/{id}/test with the offline provider (no network)', () => {
  it('greets, and marks the reply as offline', async () => {
    const { client, agent } = await agentWithKnowledge();
    const res = await client.post(`/api/agents/${agent.id}/test`, { message: 'Oi!' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      response: 'Olá! Eu sou Padaria Pão Quente. Como posso ajudar você hoje?',
      offline: true,
      provider: 'offline',
      model: 'offline',
    });
  });

  it('answers from the agent’s knowledge with the passage as citation', async () => {
    const { client, agent } = await agentWithKnowledge();
    const res = await client.post(`/api/agents/${agent.id}/test`, {
      message: 'Vocês fazem entregas?',
    });
    expect(res.status).toBe(200);
    // the sentence that answers, in one paragraph: not the whole knowledge
    expect(res.body.response).toBe(
      'Fazemos entregas em todo o bairro Jardim América com taxa de R$ 5,00.',
    );
    expect(res.body.citations[0]).toMatchObject({
      source: 'Base de conhecimento',
      excerpt: expect.stringContaining('entregas'),
    });
    expect(res.body.usage.outputTokens).toBeGreaterThan(0);
  });

  it('says honestly when it does not know', async () => {
    const { client, agent } = await agentWithKnowledge();
    const res = await client.post(`/api/agents/${agent.id}/test`, {
      message: 'Qual o preço do bolo de casamento?',
    });
    expect(res.body.response).toMatch(/^Não tenho essa informação.*pessoa da equipe/);
    expect(res.body.citations).toEqual([]);
  });

  it('refuses a blank message and another owner’s agent', async () => {
    const { client, agent } = await agentWithKnowledge();
    const blank = await client.post(`/api/agents/${agent.id}/test`, { message: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.fieldErrors).toEqual({ message: ['Digite uma mensagem'] });
    const other = await signedInClient(t.baseUrl);
    expect(
      (await other.client.post(`/api/agents/${agent.id}/test`, { message: 'Oi' })).status,
    ).toBe(404);
    expect(
      (await other.client.post(`/api/agents/${agent.id}/test/stream`, { message: 'Oi' })).status,
    ).toBe(404);
    expect(
      (await new HttpClient(t.baseUrl).post(`/api/agents/${agent.id}/test`, { message: 'Oi' }))
        .status,
    ).toBe(401);
  });

  it('records every turn with its usage and keeps the test chat as a conversation', async () => {
    const { client, agent, id: ownerId } = await agentWithKnowledge();
    await client.post(`/api/agents/${agent.id}/test`, { message: 'Oi' });
    await client.post(`/api/agents/${agent.id}/test`, { message: 'Aceitam Pix?' });
    const usage = await queryRows<{ channel: string; provider: string; n: number }>(
      t.database.db,
      sql`SELECT channel, provider, count(*)::int AS n FROM usage_records WHERE owner_id = ${ownerId} GROUP BY 1, 2`,
    );
    expect(usage).toEqual([{ channel: 'test', provider: 'offline', n: 2 }]);
    const stored = await queryRows<{ role: string; content: string }>(
      t.database.db,
      sql`SELECT m.role, m.content FROM messages m JOIN conversations c ON c.id = m.conversation_id
          WHERE c.agent_id = ${agent.id} AND c.channel = 'test' ORDER BY m.id`,
    );
    expect(stored.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(stored[2]!.content).toBe('Aceitam Pix?');
    // test chats are not customer conversations
    expect((await client.get('/api/dashboard/stats')).body.conversations).toBe(0);

    expect((await client.delete(`/api/agents/${agent.id}/test/conversation`)).status).toBe(204);
    const left = await queryRows(
      t.database.db,
      sql`SELECT 1 FROM conversations WHERE agent_id = ${agent.id}`,
    );
    expect(left).toEqual([]);
  });

  it('streams the reply word by word over Server-Sent Events', async () => {
    const { client, agent } = await agentWithKnowledge();
    const res = await client.post(`/api/agents/${agent.id}/test/stream`, {
      message: 'Qual o horário de funcionamento?',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const events = parseSse(res.text);
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(5);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(deltas.map((e) => e.data.text).join('')).toBe(done.data.response);
    expect(done.data.response).toBe('Funcionamos de segunda a sábado, das 8h às 18h.');
    expect(done.data.offline).toBe(true);
  });
});
