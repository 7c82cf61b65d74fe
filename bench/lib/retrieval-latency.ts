import { sql } from 'drizzle-orm';
import type { AppContext } from '../../server/app-context';
import {
  EMBEDDING_DIMENSIONS,
  EMBEDDING_INDEX,
  EMBEDDING_INDEX_DEFINITION,
} from '../../server/db/migrate';
import { HNSW_MIN_CHUNKS, searchKnowledge } from '../../server/modules/knowledge';
import { fakeEmbedding } from '../../server/test/fake-openai';
import type { HttpClient } from '../../server/test/http-client';
import { percentile, round } from './common';
import { createAgent } from './in-process-app';
import { insertTopicalChunks } from './topical';

export const LATENCY_SIZES = [1_000, 10_000, 100_000];
const INSERT_BATCH = 5_000;
const WORDS_PER_CHUNK = 70;
/** per size and mode: stop at whichever comes first */
const MAX_QUERIES = 60;
const MAX_SECONDS = 10;

/**
 * What the chunks' and questions' embeddings are: 'topical' (the default) — chunks written from
 * windows of the corpus vocabulary (lib/topical.ts), chunks and questions embedded by the fake
 * model (dense, a direction per word), so a question has near chunks as with a real model; or
 * 'random' (BENCH_LATENCY_EMBEDDINGS=random) — uniform random words and random vectors, the worst
 * case for a graph index (every vector about as far as any other, so its walk never narrows).
 */
export type LatencyEmbeddings = 'topical' | 'random';

export function latencyEmbeddings(): LatencyEmbeddings {
  const value = process.env.BENCH_LATENCY_EMBEDDINGS ?? 'topical';
  if (value !== 'topical' && value !== 'random') {
    throw new Error(`BENCH_LATENCY_EMBEDDINGS must be topical or random, not ${value}`);
  }
  return value;
}

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
 * Random chunks for one agent, generated inside the database in multi-row INSERT ... SELECT
 * batches: ~70 words drawn from the corpus vocabulary (the tsv column is generated from them) and
 * a random 1536-dimension embedding each; `inGraph` as in lib/topical.ts.
 */
async function insertRandomChunks(
  ctx: AppContext,
  agentId: number,
  count: number,
  words: string[],
  inGraph: boolean,
) {
  const db = ctx.database.db;
  const vocabulary = `{${words.map((w) => `"${w}"`).join(',')}}`;
  for (let from = 0; from < count; from += INSERT_BATCH) {
    const to = Math.min(count, from + INSERT_BATCH);
    // `WHERE s > g * 0` ties each subquery to its row, so it runs once per row, not once.
    await db.execute(sql`
      INSERT INTO document_chunks (agent_id, source, chunk_index, content, embedding, in_graph)
      SELECT ${agentId}, 'knowledge_base', g,
        array_to_string(ARRAY(
          SELECT v.words[1 + floor(random() * cardinality(v.words))::int]
          FROM generate_series(1, ${WORDS_PER_CHUNK}::int) s WHERE s > g * 0), ' '),
        (SELECT array_agg(random()::real - 0.5)
          FROM generate_series(1, ${EMBEDDING_DIMENSIONS}::int) s WHERE s > g * 0)::vector,
        ${inGraph}
      FROM generate_series(${from}::int, ${to - 1}::int) g, (SELECT ${vocabulary}::text[] AS words) v`);
  }
}

function randomUnitVector(): number[] {
  const v = Array.from({ length: EMBEDDING_DIMENSIONS }, () => Math.random() - 0.5);
  const norm = Math.sqrt(v.reduce((n, x) => n + x * x, 0));
  return v.map((x) => x / norm);
}

/** How searchKnowledge takes an agent's semantic candidates (knowledge/search.ts). */
const semanticPlan = (chunks: number) =>
  chunks >= HNSW_MIN_CHUNKS ? 'HNSW index (bits)' : "scan of the agent's bits (index only)";

async function timeQueries(
  ctx: AppContext,
  agentId: number,
  questions: string[],
  embeddings: LatencyEmbeddings | null,
  maxQueries = MAX_QUERIES,
): Promise<number[]> {
  const times: number[] = [];
  const deadline = performance.now() + MAX_SECONDS * 1000;
  for (let i = 0; i < maxQueries && performance.now() < deadline; i++) {
    const query = questions[i % questions.length]!;
    const embedding =
      embeddings === 'random'
        ? randomUnitVector()
        : embeddings === 'topical'
          ? fakeEmbedding(query, [])
          : null;
    const t0 = performance.now();
    await searchKnowledge(ctx.database.db, { agentId, query, embedding, limit: 5 });
    times.push(performance.now() - t0);
  }
  return times;
}

/**
 * searchKnowledge at 1k, 10k and 100k chunks for one agent each, on the embedded database. The
 * HNSW index over the quantized embeddings is dropped before the inserts and built after them
 * (maintaining it costs milliseconds per inserted row in PGlite; building it once is quicker), then
 * the table is vacuumed and analysed as the embedded maintenance job does every five minutes.
 */
export async function retrievalLatency(
  ctx: AppContext,
  client: HttpClient,
  questions: string[],
  words: string[],
  embeddings: LatencyEmbeddings,
): Promise<{
  rows: LatencyRow[];
  insertSeconds: Record<string, number>;
  hnswBuildSeconds: number;
}> {
  const db = ctx.database.db;
  await db.execute(sql.raw(`DROP INDEX IF EXISTS ${EMBEDDING_INDEX}`));
  const agents: { size: number; id: number }[] = [];
  const insertSeconds: Record<string, number> = {};
  for (const size of LATENCY_SIZES) {
    const id = await createAgent(client, `Latência ${size}`);
    const t0 = performance.now();
    if (embeddings === 'topical') {
      await insertTopicalChunks(ctx.database.db, id, {
        count: size,
        words,
        wordsPerChunk: WORDS_PER_CHUNK,
        seed: id,
        inGraph: size >= HNSW_MIN_CHUNKS,
      });
    } else {
      await insertRandomChunks(ctx, id, size, words, size >= HNSW_MIN_CHUNKS);
    }
    insertSeconds[size] = round((performance.now() - t0) / 1000, 1);
    console.log(`inserted ${size} chunks in ${insertSeconds[size]} s`);
    agents.push({ size, id });
  }
  await db.execute(sql`SET maintenance_work_mem = '256MB'`);
  const t0 = performance.now();
  await db.execute(sql.raw(`CREATE INDEX ${EMBEDDING_INDEX} ${EMBEDDING_INDEX_DEFINITION}`));
  const hnswBuildSeconds = round((performance.now() - t0) / 1000, 1);
  await db.execute(sql`RESET maintenance_work_mem`);
  console.log(`built the HNSW index in ${hnswBuildSeconds} s`);
  await db.execute(sql`VACUUM ANALYZE document_chunks`);
  const rows: LatencyRow[] = [];
  for (const { size, id } of agents) {
    for (const hybrid of [false, true]) {
      const kind = hybrid ? embeddings : null;
      await timeQueries(ctx, id, questions, kind, 3); // warm the caches
      const times = await timeQueries(ctx, id, questions, kind);
      const row: LatencyRow = {
        chunks: size,
        mode: hybrid ? 'hybrid' : 'lexical',
        queries: times.length,
        p50Ms: round(percentile(times, 50), 1),
        p95Ms: round(percentile(times, 95), 1),
      };
      if (hybrid) row.plan = semanticPlan(size);
      console.log(
        `${size} chunks, ${row.mode}: p50 ${row.p50Ms} ms, p95 ${row.p95Ms} ms (${row.queries} queries)` +
          (row.plan ? `, ${row.plan}` : ''),
      );
      rows.push(row);
    }
  }
  return { rows, insertSeconds, hnswBuildSeconds };
}
