import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../../test/fake-openai';
import { makePdf } from '../../test/fixtures/documents';
import { signedInClient, type HttpClient } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/harness';
import { upload, waitForDocument } from '../../test/knowledge-helpers';

let offline: TestApp;
let withEmbeddings: TestApp;
let fake: FakeOpenAI;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  fake.synonyms = [['automovel', 'carro', 'veiculo']];
  [offline, withEmbeddings] = await Promise.all([
    startTestApp({ jobs: true }),
    startTestApp({ jobs: true, env: { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: fake.url } }),
  ]);
});
afterAll(async () => {
  await Promise.all([offline.close(), withEmbeddings.close()]);
  await fake.close();
});

const search = async (client: HttpClient, agentId: number, q: string) =>
  (await client.get(`/api/agents/${agentId}/knowledge/search?q=${encodeURIComponent(q)}`)).body;

async function agentOn(t: TestApp, fields: Record<string, unknown> = {}) {
  const owner = await signedInClient(t.baseUrl);
  const agent = (
    await owner.client.post('/api/agents', {
      name: 'Oficina do Zé',
      systemPrompt: 'Atenda.',
      ...fields,
    })
  ).body;
  return { ...owner, agent };
}

describe('hybrid retrieval (full-text + embeddings, fused by reciprocal rank)', () => {
  it('finds a passage by meaning that full-text search alone cannot match', async () => {
    const { client, agent } = await agentOn(withEmbeddings);
    const text = [
      'Lavagem completa do carro por R$ 80,00, com aspiração interna.',
      'Troca de óleo do motor em 30 minutos.',
      'Alinhamento e balanceamento aos sábados.',
    ].join('\n\n');
    const res = await upload(client, agent.id, Buffer.from(text), 'servicos.txt');
    const doc = await waitForDocument(client, agent.id, res.body.id);
    const vector = withEmbeddings.ctx.capabilities.vector;
    expect(doc.indexMode).toBe(vector ? 'hybrid' : 'lexical');

    const found = await search(client, agent.id, 'lavagem do automovel');
    expect(found.mode).toBe(vector ? 'hybrid' : 'lexical');
    expect(found.results[0].content).toContain('Lavagem completa do carro');

    // "automóvel" shares no word with the passage: only the embedding can find it.
    const bySynonym = await search(client, agent.id, 'automóvel');
    if (vector) {
      expect(bySynonym.results[0].content).toContain('Lavagem completa do carro');
    } else {
      expect(bySynonym.results).toEqual([]);
    }
  });

  it('falls back to lexical-only when the provider has no embeddings endpoint', async () => {
    fake.embeddings = false;
    try {
      const { client, agent } = await agentOn(withEmbeddings);
      const res = await upload(
        client,
        agent.id,
        Buffer.from('Funilaria e pintura com garantia de 1 ano.'),
        'f.txt',
      );
      expect((await waitForDocument(client, agent.id, res.body.id)).indexMode).toBe('lexical');
      const found = await search(client, agent.id, 'garantia da pintura');
      expect(found.mode).toBe('lexical');
      expect(found.results[0].content).toContain('Funilaria');
    } finally {
      fake.embeddings = true;
    }
  });

  it('is lexical-only with the offline provider, and says so', async () => {
    const { client, agent } = await agentOn(offline);
    const res = await upload(
      client,
      agent.id,
      Buffer.from('Guincho 24 horas pelo telefone da oficina.'),
      'g.txt',
    );
    expect((await waitForDocument(client, agent.id, res.body.id)).indexMode).toBe('lexical');
    expect((await search(client, agent.id, 'guincho')).mode).toBe('lexical');
  });
});

describe('the agent’s free-text knowledge base', () => {
  it('is indexed like a document and re-indexed when it changes', async () => {
    const { client, agent } = await agentOn(offline, {
      knowledgeBase: 'Atendemos somente com hora marcada.',
    });
    expect((await search(client, agent.id, 'hora marcada')).results[0]).toMatchObject({
      source: 'Base de conhecimento',
      documentId: null,
    });
    await client.put(`/api/agents/${agent.id}`, {
      knowledgeBase: 'Aceitamos clientes sem agendamento.',
    });
    // A word only the old text had ("hora marcada" now finds "agendamento" by the customers'
    // vocabulary, rightly).
    expect((await search(client, agent.id, 'somente')).results).toEqual([]);
    expect((await search(client, agent.id, 'agendamento')).results).toHaveLength(1);
    await client.put(`/api/agents/${agent.id}`, { knowledgeBase: '' });
    expect((await search(client, agent.id, 'agendamento')).results).toEqual([]);
  });
});

describe('grounded answers with citations', () => {
  it('the offline provider answers a question only a PDF knows, citing the file and page', async () => {
    const { client, agent } = await agentOn(offline);
    const pdf = await makePdf([
      'Bem-vindo à Oficina do Zé.',
      'A revisão dos 10.000 km custa R$ 350,00 e inclui filtro de ar e fluido de freio.',
    ]);
    const res = await upload(client, agent.id, pdf, 'Tabela de Revisões.pdf');
    await waitForDocument(client, agent.id, res.body.id);
    const reply = await client.post(`/api/agents/${agent.id}/test`, {
      message: 'Quanto custa a revisão dos 10.000 km?',
    });
    expect(reply.status).toBe(200);
    expect(reply.body.response).toContain('R$ 350,00');
    expect(reply.body.citations[0]).toMatchObject({ source: 'Tabela de Revisões.pdf', page: 2 });
  });

  it('the provider receives the passages with their source labels', async () => {
    const { client, agent } = await agentOn(withEmbeddings, { model: 'gpt-4o-mini' });
    const res = await upload(
      client,
      agent.id,
      Buffer.from('Pneus aro 14 a partir de R$ 289,00.'),
      'pneus.txt',
    );
    await waitForDocument(client, agent.id, res.body.id);
    await client.post(`/api/agents/${agent.id}/test`, { message: 'Preço do pneu aro 14?' });
    const system = String(fake.chatRequests.at(-1)!.messages[0]!.content);
    expect(system).toContain('[1] (pneus.txt)\nPneus aro 14 a partir de R$ 289,00.');
  });
});
