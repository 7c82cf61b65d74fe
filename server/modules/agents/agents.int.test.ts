import { DEFAULT_MODEL } from '@common/models';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { HttpClient, signedInClient } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const minimal = { name: 'Atendente', systemPrompt: 'Você atende clientes da Padaria Pão Quente.' };

const count = async (table: string, where = sql`TRUE`) =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE ${where}`,
    )
  )[0]!.n;

describe('agents API', () => {
  it('answers 401 on every route when signed out', async () => {
    const c = new HttpClient(t.baseUrl);
    const calls = [
      c.get('/api/agents'),
      c.post('/api/agents', minimal),
      c.get('/api/agents/1'),
      c.put('/api/agents/1', { name: 'x' }),
      c.delete('/api/agents/1'),
      c.get('/api/agents/1/webchat-code'),
      c.get('/api/dashboard/stats'),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(401);
  });

  it('applies the creation defaults when fields are omitted', async () => {
    const { client } = await signedInClient(t.baseUrl);
    const res = await client.post('/api/agents', minimal);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      ...minimal,
      description: null,
      model: DEFAULT_MODEL,
      temperature: 0.7,
      maxTokens: 2048,
      topP: 1,
      status: 'draft',
      responseStyle: 'professional',
      language: 'pt',
      tools: [],
      googleServices: [],
      capabilities: [],
      knowledgeBase: null,
      externalApis: null,
    });
    expect(typeof res.body.id).toBe('number');
  });

  it('stores every field the creation dialog sends', async () => {
    const { client } = await signedInClient(t.baseUrl);
    const payload = {
      name: 'Vendas',
      description: 'Ajuda a vender',
      systemPrompt: 'Você é um vendedor.',
      knowledgeBase: 'Horário: 8h às 18h.',
      model: 'gpt-3.5-turbo',
      temperature: 1.3,
      maxTokens: 8192,
      topP: 0.9,
      status: 'active',
      responseStyle: 'friendly',
      language: 'es',
      tools: ['calculator', 'web_search', 'calculator'],
      googleServices: ['calendar', 'sheets'],
      externalApis: JSON.stringify([
        { name: 'Estoque', url: 'https://api.loja.com.br/v1', authType: 'bearer' },
      ]),
    };
    const res = await client.post('/api/agents', payload);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ...payload, tools: ['calculator', 'web_search'] });
    const fetched = await client.get(`/api/agents/${res.body.id}`);
    expect(fetched.body).toEqual(res.body);
  });

  it('reports the agent form rules per field, and saves nothing', async () => {
    const { client, id } = await signedInClient(t.baseUrl);
    const res = await client.post('/api/agents', {
      name: '  ',
      systemPrompt: '',
      maxTokens: 8193,
      temperature: 2.5,
      topP: 3,
      status: 'published',
      tools: ['calculator', 'hack'],
      googleServices: ['gmail'],
      language: 'jp',
      responseStyle: 'rude',
    });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({
      name: ['Nome do agente é obrigatório'],
      systemPrompt: ['As instruções do agente são obrigatórias'],
      maxTokens: ['O tamanho máximo das respostas deve ser um número inteiro entre 1 e 8192'],
      temperature: ['A criatividade das respostas deve ficar entre 0 e 2'],
      topP: ['Top P deve estar entre 0 e 1'],
      status: ['Situação inválida: use Rascunho, Em Teste ou Ativo'],
      'tools.1': ['Ferramenta desconhecida'],
      'googleServices.0': ['Serviço Google desconhecido'],
      language: ['Idioma inválido'],
      responseStyle: ['Estilo de resposta inválido'],
    });
    expect(await count('agents', sql`owner_id = ${id}`)).toBe(0);
    const zero = await client.post('/api/agents', { ...minimal, maxTokens: 0 });
    expect(zero.body.fieldErrors).toEqual({
      maxTokens: ['O tamanho máximo das respostas deve ser um número inteiro entre 1 e 8192'],
    });
    const missing = await client.post('/api/agents', {});
    expect(missing.body.fieldErrors).toEqual({
      name: ['Nome do agente é obrigatório'],
      systemPrompt: ['As instruções do agente são obrigatórias'],
    });
  });

  it('validates the external API list: JSON, URLs and auth types', async () => {
    const { client } = await signedInClient(t.baseUrl);
    const notJson = await client.post('/api/agents', { ...minimal, externalApis: '[{' });
    expect(notJson.body.fieldErrors).toEqual({
      externalApis: ['A lista de sistemas externos não é válida'],
    });
    const bad = await client.post('/api/agents', {
      ...minimal,
      externalApis: JSON.stringify([
        { name: 'ok', url: 'https://ok.com', authType: 'bearer' },
        { name: '', url: 'ftp://x', authType: 'magic' },
      ]),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toEqual({
      'externalApis.1.name': ['Dê um nome para o sistema externo'],
      'externalApis.1.url': ['Informe um endereço válido começando com http:// ou https://'],
      'externalApis.1.authType': [
        'Tipo de autenticação inválido: use bearer, api_key, basic ou oauth',
      ],
    });
    const empty = await client.post('/api/agents', { ...minimal, externalApis: '[]' });
    expect(empty.body.externalApis).toBeNull();
  });

  it('lists only the owner’s agents, newest first', async () => {
    const a = await signedInClient(t.baseUrl);
    const b = await signedInClient(t.baseUrl);
    const first = await a.client.post('/api/agents', { ...minimal, name: 'Primeiro' });
    const second = await a.client.post('/api/agents', { ...minimal, name: 'Segundo' });
    await b.client.post('/api/agents', { ...minimal, name: 'De outra pessoa' });
    const list = await a.client.get('/api/agents');
    expect(list.body.map((x: { id: number }) => x.id)).toEqual([second.body.id, first.body.id]);
  });

  it('isolates owners: another account gets 404 on every agent route and changes nothing', async () => {
    const owner = await signedInClient(t.baseUrl);
    const other = await signedInClient(t.baseUrl);
    const agent = (await owner.client.post('/api/agents', minimal)).body;
    const calls = [
      other.client.get(`/api/agents/${agent.id}`),
      other.client.put(`/api/agents/${agent.id}`, { name: 'Roubado' }),
      other.client.delete(`/api/agents/${agent.id}`),
      other.client.get(`/api/agents/${agent.id}/webchat-code`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Agente não encontrado.', code: 'AGENT_NOT_FOUND' });
    }
    const still = await owner.client.get(`/api/agents/${agent.id}`);
    expect(still.body.name).toBe(minimal.name);
    expect((await owner.client.get('/api/agents/abc')).status).toBe(404);
    expect((await owner.client.get('/api/agents/99999999')).status).toBe(404);
  });

  it('saves the editor’s fields with PUT and refuses bad values without changing anything', async () => {
    const { client } = await signedInClient(t.baseUrl);
    const agent = (await client.post('/api/agents', minimal)).body;
    const res = await client.put(`/api/agents/${agent.id}`, {
      name: 'Atendente 2',
      description: 'Nova descrição',
      systemPrompt: 'Novo prompt',
      knowledgeBase: 'Aberto aos domingos.',
      model: 'gpt-4',
      temperature: 0.3,
      status: 'testing',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Atendente 2',
      model: 'gpt-4',
      temperature: 0.3,
      status: 'testing',
    });
    expect(new Date(res.body.updatedAt).getTime()).toBeGreaterThan(
      new Date(agent.updatedAt).getTime(),
    );
    expect(res.body.maxTokens).toBe(2048);
    const bad = await client.put(`/api/agents/${agent.id}`, { temperature: 3, name: '' });
    expect(bad.status).toBe(400);
    expect((await client.get(`/api/agents/${agent.id}`)).body.name).toBe('Atendente 2');
  });

  it("duplicates through POST as a draft copy named '(Cópia)'", async () => {
    const { client } = await signedInClient(t.baseUrl);
    const original = (
      await client.post('/api/agents', { ...minimal, status: 'active', tools: ['calculator'] })
    ).body;
    const { id: _id, ownerId: _o, createdAt: _c, updatedAt: _u, ...copy } = original;
    const dup = await client.post('/api/agents', {
      ...copy,
      name: `${original.name} (Cópia)`,
      status: 'draft',
    });
    expect(dup.status).toBe(201);
    expect(dup.body).toMatchObject({
      name: 'Atendente (Cópia)',
      status: 'draft',
      tools: ['calculator'],
    });
    expect(dup.body.id).not.toBe(original.id);
  });

  it('deleting an agent removes its documents, WhatsApp record and conversations and unlinks gateway instances', async () => {
    const { client, id: ownerId } = await signedInClient(t.baseUrl);
    const agent = (await client.post('/api/agents', minimal)).body;
    const db = t.database.db;
    await db.execute(
      sql`INSERT INTO whatsapp_instances (instance_name, phone_number, agent_id) VALUES (${`wa-${agent.id}`}, '5511999990000', ${agent.id})`,
    );
    const [conv] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO conversations (agent_id, channel, contact_id) VALUES (${agent.id}, 'whatsapp', '5511988887777') RETURNING id`,
    );
    await db.execute(
      sql`INSERT INTO messages (conversation_id, role, content) VALUES (${conv!.id}, 'user', 'Oi')`,
    );
    const [doc] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO rag_documents (agent_id, filename, original_name, file_type, file_size, mime_type) VALUES (${agent.id}, 'f.pdf', 'f.pdf', 'pdf', 10, 'application/pdf') RETURNING id`,
    );
    await db.execute(
      sql`INSERT INTO document_chunks (agent_id, document_id, source, chunk_index, content) VALUES (${agent.id}, ${doc!.id}, 'document', 0, 'texto')`,
    );
    const [gw] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO evolution_instances (owner_id, name, url, instance_id, connected_agent_id) VALUES (${ownerId}, 'gw', 'https://evo.example', 'inst', ${agent.id}) RETURNING id`,
    );

    const res = await client.delete(`/api/agents/${agent.id}`);
    expect(res.status).toBe(204);
    expect((await client.get(`/api/agents/${agent.id}`)).status).toBe(404);
    expect(await count('whatsapp_instances', sql`agent_id = ${agent.id}`)).toBe(0);
    expect(await count('conversations', sql`agent_id = ${agent.id}`)).toBe(0);
    expect(await count('messages', sql`conversation_id = ${conv!.id}`)).toBe(0);
    expect(await count('rag_documents', sql`agent_id = ${agent.id}`)).toBe(0);
    expect(await count('document_chunks', sql`agent_id = ${agent.id}`)).toBe(0);
    const [instance] = await queryRows<{ connected_agent_id: number | null }>(
      db,
      sql`SELECT connected_agent_id FROM evolution_instances WHERE id = ${gw!.id}`,
    );
    expect(instance).toEqual({ connected_agent_id: null });
    expect((await client.delete(`/api/agents/${agent.id}`)).status).toBe(404);
  });
});

describe('GET /api/dashboard/stats', () => {
  it('counts the owner’s agents, active agents, integrations and conversations', async () => {
    const { client, id: ownerId } = await signedInClient(t.baseUrl);
    const other = await signedInClient(t.baseUrl);
    expect((await client.get('/api/dashboard/stats')).body).toEqual({
      totalAgents: 0,
      activeAgents: 0,
      integrations: 0,
      conversations: 0,
    });
    const a1 = (await client.post('/api/agents', { ...minimal, status: 'active' })).body;
    const a2 = (await client.post('/api/agents', { ...minimal, status: 'testing' })).body;
    await client.post('/api/agents', minimal);
    await other.client.post('/api/agents', { ...minimal, status: 'active' });
    const db = t.database.db;
    await db.execute(
      sql`INSERT INTO evolution_instances (owner_id, name, url, instance_id) VALUES (${ownerId}, 'gw', 'https://evo.example', 'i1')`,
    );
    await db.execute(
      sql`INSERT INTO whatsapp_instances (instance_name, phone_number, agent_id, status) VALUES (${`s-${a1.id}`}, '5511999990000', ${a1.id}, 'CONNECTED')`,
    );
    await db.execute(
      sql`INSERT INTO whatsapp_instances (instance_name, phone_number, agent_id, status) VALUES (${`s-${a2.id}`}, '5511999990001', ${a2.id}, 'PENDING')`,
    );
    await db.execute(
      sql`INSERT INTO conversations (agent_id, channel, contact_id) VALUES (${a1.id}, 'whatsapp', 'c1'), (${a2.id}, 'webchat', 'v1')`,
    );
    expect((await client.get('/api/dashboard/stats')).body).toEqual({
      totalAgents: 3,
      activeAgents: 1,
      integrations: 2,
      conversations: 2,
    });
  });
});
