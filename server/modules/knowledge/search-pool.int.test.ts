import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentChunks, ragDocuments } from '../../db/schema';
import { signedInClient } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/harness';

// Its own app: the search reads the table's statistics once per database and keeps them for
// minutes, so ANALYZE must come before this database's first search.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('which chunks the full-text search ranks', () => {
  it('in a knowledge base larger than the pool: those holding the question’s rarest term first', async () => {
    const { client } = await signedInClient(t.baseUrl);
    const agent = (await client.post('/api/agents', { name: 'Padaria', systemPrompt: 'Atenda.' }))
      .body as { id: number };
    // 300 chunks share the common word; the one that answers is written last, so a pool filled
    // in table order (any matching chunk until 200) never reaches it.
    const common = Array.from({ length: 300 }, (_, i) => ({
      agentId: agent.id,
      source: 'knowledge_base',
      chunkIndex: i,
      content: `Biscoito amanteigado, fornada número ${i}, às ${6 + (i % 12)} horas.`,
    }));
    await t.ctx.database.db.insert(documentChunks).values(common);
    await t.ctx.database.db.insert(documentChunks).values({
      agentId: agent.id,
      source: 'knowledge_base',
      chunkIndex: 300,
      content: 'Sem glúten: bolo sem glúten e torta sem glúten toda terça-feira.',
    });
    // "biscoit" is the longer stem (the tie-break without statistics): only the statistics tell
    // that "gluten" is the rare one.
    await t.ctx.database.db.execute(sql`ANALYZE document_chunks`);

    const found = await client.get(
      `/api/agents/${agent.id}/knowledge/search?q=biscoito+sem+glúten`,
    );
    expect(found.status).toBe(200);
    const results = (found.body as { results: { content: string }[] }).results;
    expect(results[0]!.content).toContain('bolo sem glúten');
    expect(results.slice(1).every((r) => r.content.startsWith('Biscoito amanteigado'))).toBe(true);
  });

  it('leaves out the chunks of a document still being processed, then finds them once ready', async () => {
    const { client } = await signedInClient(t.baseUrl);
    const agent = (await client.post('/api/agents', { name: 'Clínica', systemPrompt: 'Atenda.' }))
      .body as { id: number };
    const db = t.ctx.database.db;
    const [doc] = await db
      .insert(ragDocuments)
      .values({
        agentId: agent.id,
        filename: 'tabela.txt',
        originalName: 'tabela.txt',
        fileType: 'txt',
        fileSize: 10,
        mimeType: 'text/plain',
        processingStatus: 'processing',
      })
      .returning({ id: ragDocuments.id });
    await db.insert(documentChunks).values([
      {
        agentId: agent.id,
        documentId: doc!.id,
        source: 'document',
        chunkIndex: 0,
        content: 'Consulta de dermatologia: R$ 250.',
      },
      {
        agentId: agent.id,
        source: 'knowledge_base',
        chunkIndex: 0,
        content: 'Atendemos dermatologia às terças.',
      },
    ]);
    const search = async () =>
      (
        (await client.get(`/api/agents/${agent.id}/knowledge/search?q=consulta+dermatologia`))
          .body as { results: { content: string }[] }
      ).results.map((r) => r.content);

    expect(await search()).toEqual(['Atendemos dermatologia às terças.']);
    await db
      .update(ragDocuments)
      .set({ processingStatus: 'ready' })
      .where(eq(ragDocuments.id, doc!.id));
    expect(await search()).toEqual([
      'Consulta de dermatologia: R$ 250.',
      'Atendemos dermatologia às terças.',
    ]);
  });
});
