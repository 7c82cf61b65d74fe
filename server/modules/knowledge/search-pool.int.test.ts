import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentChunks } from '../../db/schema';
import { signedInClient } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/harness';

// Its own app: the search reads the table's statistics once per database and keeps them for
// minutes, so ANALYZE must come before this database's first search.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('full-text search in a knowledge base larger than the ranked pool', () => {
  it('ranks the chunks holding the question’s rarest term, wherever they sit in the table', async () => {
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
});
