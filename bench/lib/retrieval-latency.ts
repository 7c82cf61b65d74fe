import { sql } from 'drizzle-orm';
import type { AppContext } from '../../server/app-context';
import { queryRows } from '../../server/db/client';
import { EMBEDDING_DIMENSIONS } from '../../server/db/migrate';
import { searchKnowledge } from '../../server/modules/knowledge/search';
import type { HttpClient } from '../../server/test/http-client';
import { percentile, round } from './common';
import { createAgent } from './in-process-app';

export const LATENCY_SIZES = [1_000, 10_000, 100_000];
const INSERT_BATCH = 5_000;
const WORDS_PER_CHUNK = 70;
/** per size and mode: stop at whichever comes first */
const MAX_QUERIES = 60;
const MAX_SECONDS = 10;

export interface LatencyRow {
  chunks: number;
  mode: 'lexical' | 'hybrid';
  queries: number;
  p50Ms: number;
  p95Ms: number;
  /** how PostgreSQL answered the semantic half (from EXPLAIN), for the hybrid rows */
  plan?: string;
}

/**
 * Synthetic chunks for one agent, generated inside the database in multi-row INSERT ... SELECT
 * batches: ~70 words drawn from the corpus vocabulary (the tsv column is generated from them) and
 * a random 1536-dimension embedding each.
 */
async function insertChunks(ctx: AppContext, agentId: number, count: number, words: string[]) {
  const db = ctx.database.db;
  const vocabulary = `{${words.map((w) => `"${w}"`).join(',')}}`;
  for (let from = 0; from < count; from += INSERT_BATCH) {
    const to = Math.min(count, from + INSERT_BATCH);
    // `WHERE s > g * 0` ties each subquery to its row, so it runs once per row, not once.
    await db.execute(sql`
      INSERT INTO document_chunks (agent_id, source, chunk_index, content, embedding)
      SELECT ${agentId}, 'knowledge_base', g,
        array_to_string(ARRAY(
          SELECT v.words[1 + floor(random() * cardinality(v.words))::int]
          FROM generate_series(1, ${WORDS_PER_CHUNK}::int) s WHERE s > g * 0), ' '),
        (SELECT array_agg(random()::real - 0.5)
          FROM generate_series(1, ${EMBEDDING_DIMENSIONS}::int) s WHERE s > g * 0)::vector
      FROM generate_series(${from}::int, ${to - 1}::int) g, (SELECT ${vocabulary}::text[] AS words) v`);
  }
}

function randomUnitVector(): number[] {
  const v = Array.from({ length: EMBEDDING_DIMENSIONS }, () => Math.random() - 0.5);
  const norm = Math.sqrt(v.reduce((n, x) => n + x * x, 0));
  return v.map((x) => x / norm);
}

async function semanticPlan(ctx: AppContext, agentId: number): Promise<string> {
  const vector = `[${randomUnitVector().join(',')}]`;
  const rows = await queryRows<{ 'QUERY PLAN': string }>(
    ctx.database.db,
    sql`EXPLAIN SELECT c.id FROM document_chunks c
        WHERE c.agent_id = ${agentId} AND c.embedding IS NOT NULL
        ORDER BY c.embedding <=> ${vector}::vector LIMIT 20`,
  );
  const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
  if (plan.includes('embedding_idx')) return 'HNSW index scan';
  if (plan.includes('Seq Scan')) return 'sequential scan + sort (exact)';
  return 'agent index + sort (exact)';
}

async function timeQueries(
  ctx: AppContext,
  agentId: number,
  questions: string[],
  hybrid: boolean,
  maxQueries = MAX_QUERIES,
): Promise<number[]> {
  const times: number[] = [];
  const deadline = performance.now() + MAX_SECONDS * 1000;
  for (let i = 0; i < maxQueries && performance.now() < deadline; i++) {
    const embedding = hybrid ? randomUnitVector() : null;
    const t0 = performance.now();
    await searchKnowledge(ctx.database.db, {
      agentId,
      query: questions[i % questions.length]!,
      embedding,
      limit: 5,
    });
    times.push(performance.now() - t0);
  }
  return times;
}

/**
 * searchKnowledge at 1k, 10k and 100k chunks for one agent each, on the embedded database. The
 * HNSW index is dropped before the inserts: maintaining it costs ~20 ms per row in PGlite on the
 * machine this was written on (100k rows would take over half an hour), so the hybrid rows time
 * the semantic half as an exact scan unless BENCH_RETRIEVAL_HNSW=1 builds the index after the
 * inserts (1 198 s for the 111k rows on 2 vCPUs).
 */
export async function retrievalLatency(
  ctx: AppContext,
  client: HttpClient,
  questions: string[],
  words: string[],
): Promise<{
  rows: LatencyRow[];
  insertSeconds: Record<string, number>;
  hnswBuildSeconds: number | null;
}> {
  const db = ctx.database.db;
  await db.execute(sql`DROP INDEX IF EXISTS document_chunks_embedding_idx`);
  const agents: { size: number; id: number }[] = [];
  const insertSeconds: Record<string, number> = {};
  for (const size of LATENCY_SIZES) {
    const id = await createAgent(client, `Latência ${size}`);
    const t0 = performance.now();
    await insertChunks(ctx, id, size, words);
    insertSeconds[size] = round((performance.now() - t0) / 1000, 1);
    console.log(`inserted ${size} chunks in ${insertSeconds[size]} s`);
    agents.push({ size, id });
  }
  await db.execute(sql`ANALYZE document_chunks`);
  let hnswBuildSeconds: number | null = null;
  if (process.env.BENCH_RETRIEVAL_HNSW === '1') {
    // The build is several times faster while the graph fits in maintenance_work_mem (111k
    // vectors of 1536 dimensions: ~700 MB); at the 64 MB default 100k rows took over 25 minutes.
    await db.execute(sql`SET maintenance_work_mem = '1GB'`);
    const t0 = performance.now();
    await db.execute(
      sql`CREATE INDEX document_chunks_embedding_idx ON document_chunks USING hnsw (embedding vector_cosine_ops)`,
    );
    hnswBuildSeconds = round((performance.now() - t0) / 1000, 1);
  }
  const rows: LatencyRow[] = [];
  for (const { size, id } of agents) {
    for (const hybrid of [false, true]) {
      await timeQueries(ctx, id, questions, hybrid, 3); // warm the caches
      const times = await timeQueries(ctx, id, questions, hybrid);
      const row: LatencyRow = {
        chunks: size,
        mode: hybrid ? 'hybrid' : 'lexical',
        queries: times.length,
        p50Ms: round(percentile(times, 50), 1),
        p95Ms: round(percentile(times, 95), 1),
      };
      if (hybrid) row.plan = await semanticPlan(ctx, id);
      console.log(
        `${size} chunks, ${row.mode}: p50 ${row.p50Ms} ms, p95 ${row.p95Ms} ms (${row.queries} queries)` +
          (row.plan ? `, ${row.plan}` : ''),
      );
      rows.push(row);
    }
  }
  return { rows, insertSeconds, hnswBuildSeconds };
}
