import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { EMBEDDING_DIMENSIONS, EMBEDDING_INDEX } from '../../db/migrate';
import { vectorParam } from '../../db/vector';
import { signedInClient } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/harness';
import { searchKnowledge } from './search';
import { syncVectorGraph, syncVectorGraphs } from './vector-graph';

/** A unit vector from a seed (a different direction per seed). */
function vectorOf(seed: number): number[] {
  let x = seed * 9301 + 49297;
  const v = Array.from({ length: EMBEDDING_DIMENSIONS }, () => {
    x = (x * 9301 + 49297) % 233280;
    return x / 233280 - 0.5;
  });
  const norm = Math.hypot(...v);
  return v.map((n) => n / norm);
}

const literal = (v: number[]) => `[${v.join(',')}]`;

// The embedded engine always has pgvector; the PostgreSQL pass leaves this file out (the server
// the suite runs against may lack the extension: retrieval is then lexical, retrieval.int.test.ts).
let t: TestApp;
let small: number;
let large: number;
const TARGET = 17;

beforeAll(async () => {
  t = await startTestApp();
  const { client } = await signedInClient(t.baseUrl);
  const agent = async (name: string) =>
    ((await client.post('/api/agents', { name, systemPrompt: 'Atenda.' })).body as { id: number })
      .id;
  [large, small] = [await agent('Grande'), await agent('Pequeno')];
  // 300 chunks of another agent, then 40 of this one, all in one HNSW graph.
  for (const [agentId, count, offset] of [
    [large, 300, 1000],
    [small, 40, 0],
  ] as const) {
    const values = Array.from(
      { length: count },
      (_, i) =>
        sql`(${agentId}::int, 'knowledge_base', ${i}::int, ${`trecho ${offset + i}`}::text,
          ${literal(vectorOf(offset + i))}::vector)`,
    );
    await t.ctx.database.db.execute(
      sql`INSERT INTO document_chunks (agent_id, source, chunk_index, content, embedding)
          VALUES ${sql.join(values, sql`, `)}`,
    );
  }
  await t.ctx.database.db.execute(sql`VACUUM ANALYZE document_chunks`);
});
afterAll(() => t.close());

/** The query: the target chunk's direction, slightly moved. */
const near = () => vectorOf(TARGET).map((x, i) => x + (i % 7 === 0 ? 0.002 : -0.001));

const searchSmall = (semanticCandidates: 'hnsw' | 'scan') =>
  searchKnowledge(t.ctx.database.db, {
    agentId: small,
    query: 'xyzzy', // matches no chunk: the passages are the semantic ranking alone
    embedding: near(),
    limit: 20,
    semanticCandidates,
  });

describe('semantic search over quantized embeddings', () => {
  it('takes the query embedding as a binary parameter: the same vector as its text form', async () => {
    const v = near();
    const [row] = await queryRows<{ same: boolean; dims: number }>(
      t.ctx.database.db,
      sql`SELECT ${vectorParam(v)}::vector = ${literal(v)}::vector AS same,
            vector_dims(${vectorParam(v)}::vector) AS dims`,
    );
    expect(row).toEqual({ same: true, dims: EMBEDDING_DIMENSIONS });
  });

  it('from the scan of the agent’s own entries: the nearest chunk first, only its own', async () => {
    const result = await searchSmall('scan');
    expect(result.mode).toBe('hybrid');
    expect(result.passages).toHaveLength(20);
    expect(result.passages[0]!.content).toBe(`trecho ${TARGET}`);
    const numbers = result.passages.map((p) => Number(p.content.split(' ')[1]));
    expect(numbers.every((n) => n < 40)).toBe(true);
  });

  it('puts an agent’s chunks in the HNSW graph only from the size searched through it', async () => {
    const db = t.ctx.database.db;
    const inGraph = async (agentId: number) =>
      (
        await queryRows<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM document_chunks
              WHERE agent_id = ${agentId} AND in_graph`,
        )
      )[0]!.n;
    // Stored embeddings alone leave the graph empty (30 000 chunks is the app's threshold).
    expect([await inGraph(small), await inGraph(large)]).toEqual([0, 0]);
    expect(await syncVectorGraphs(db)).toBe(0);
    expect(await syncVectorGraph(db, small, 41)).toBe(0);
    expect(await inGraph(small)).toBe(0);
    // From the threshold, every embedded chunk goes in (in batches), and stays in.
    expect(await syncVectorGraph(db, small, 40)).toBe(40);
    expect(await syncVectorGraphs(db, 300)).toBe(300);
    expect([await inGraph(small), await inGraph(large)]).toEqual([40, 300]);
    expect(await syncVectorGraph(db, small)).toBe(0);
  });

  it('from the HNSW index shared with another agent: as many candidates, the same first', async () => {
    const db = t.ctx.database.db;
    await syncVectorGraph(db, small, 1);
    await syncVectorGraph(db, large, 1);
    // A 340-row table is sorted rather than searched through the graph: make the sort dear.
    await db.execute(sql`SET enable_sort = off`);
    await db.execute(sql`SET enable_seqscan = off`);
    try {
      const plan = await queryRows<{ 'QUERY PLAN': string }>(
        db,
        sql`EXPLAIN SELECT id FROM document_chunks WHERE agent_id = ${small} AND in_graph
            ORDER BY embedding_bits <~> binary_quantize(${literal(near())}::vector)::bit(1536)
            LIMIT 60`,
      );
      expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain(EMBEDDING_INDEX);
      // The graph's first 60 candidates hold ~7 of this agent's chunks: the iterative scan
      // (VECTOR_SEARCH_SETTINGS) goes on until the agent's own are found.
      const result = await searchSmall('hnsw');
      expect(result.passages).toHaveLength(20);
      expect(result.passages[0]!.content).toBe(`trecho ${TARGET}`);
      const scan = await searchSmall('scan');
      expect(result.passages.map((p) => p.content)).toEqual(scan.passages.map((p) => p.content));
    } finally {
      await db.execute(sql`RESET enable_sort`);
      await db.execute(sql`RESET enable_seqscan`);
    }
  });
});
