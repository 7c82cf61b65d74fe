/**
 * What the quantized vector search (docs/decisions/0006-vector-search-partial-graph.md) loses
 * against an exact one, on embeddings with structure: BENCH_VECTOR_CHUNKS (default 40 000) chunks
 * of one agent, each 70 words from a window of the retrieval corpus's vocabulary (so chunks share
 * topics as a real knowledge base's do), embedded by the fake model (dense: a direction per word,
 * summed); 40 six-word questions from the same windows. For each HNSW candidate-list length
 * (`hnsw.ef_search`) it measures, over the search's final 20 semantic passages, the share that an
 * exact cosine search also ranks in its first 20 (recall@20), for both candidate paths — the HNSW
 * index over the bits, and the scan of every chunk's bits — and their mean time (searchKnowledge,
 * hybrid, with a question no chunk matches by words, so the passages are the semantic ranking
 * alone). The latency benchmark in bench/retrieval.ts uses the same kind of chunks, or random
 * embeddings on request, the worst case for a graph index's speed, where "recall" has no meaning
 * (every random vector is about as far as any other). BENCH_VECTOR_EF (default 100,200,400) lists
 * the ef_search values tried; BENCH_VECTOR_HNSW_OPTIONS (e.g. "m = 32, ef_construction = 128")
 * builds the index with other options than the app's (db/migrate.ts).
 *
 * node --import tsx bench/vector-recall.ts
 */
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, VECTOR_SEARCH_SETTINGS } from '../server/db/client';
import { EMBEDDING_INDEX, EMBEDDING_INDEX_DEFINITION, runMigrations } from '../server/db/migrate';
import { vectorParam } from '../server/db/vector';
import { searchKnowledge } from '../server/modules/knowledge';
import { fakeEmbedding } from '../server/test/fake-openai';
import { printTable, removeDir, round, tempDir, writeResult } from './lib/common';
import { corpusVocabulary, loadCorpus } from './lib/retrieval-quality';
import { insertTopicalChunks, seededRandom, topicalText } from './lib/topical';

const CHUNKS = Number(process.env.BENCH_VECTOR_CHUNKS ?? 40_000);
const QUESTIONS = 40;
const WORDS_PER_CHUNK = 70;
const TOP = 20;
const EF_SEARCH = (process.env.BENCH_VECTOR_EF ?? '100,200,400').split(',').map(Number);
const HNSW_OPTIONS = process.env.BENCH_VECTOR_HNSW_OPTIONS;

async function main() {
  const words = corpusVocabulary(loadCorpus());
  const dir = tempDir('vector-recall');
  const database = await openDatabase({ dataDir: dir });
  try {
    await runMigrations(database);
    const db = database.db;
    await db.execute(sql`INSERT INTO users (username, password_hash, name, email)
      VALUES ('bench', 'x', 'Bench', 'bench@bench.example')`);
    const [agent] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO agents (owner_id, name, system_prompt)
          SELECT id, 'Recall', 'Atenda.' FROM users RETURNING id`,
    );
    const agentId = agent!.id;
    await db.execute(sql.raw(`DROP INDEX ${EMBEDDING_INDEX}`));
    const t0 = performance.now();
    await insertTopicalChunks(db, agentId, {
      count: CHUNKS,
      words,
      wordsPerChunk: WORDS_PER_CHUNK,
      seed: 7,
      inGraph: true,
    });
    const insertS = round((performance.now() - t0) / 1000, 1);
    await db.execute(sql`SET maintenance_work_mem = '256MB'`);
    const t1 = performance.now();
    await db.execute(
      sql.raw(
        `CREATE INDEX ${EMBEDDING_INDEX} ` +
          (HNSW_OPTIONS
            ? `ON document_chunks USING hnsw (embedding_bits bit_hamming_ops) WITH (${HNSW_OPTIONS})`
            : EMBEDDING_INDEX_DEFINITION),
      ),
    );
    const hnswBuildS = round((performance.now() - t1) / 1000, 1);
    await db.execute(sql`RESET maintenance_work_mem`);
    await db.execute(sql`VACUUM ANALYZE document_chunks`);
    console.log(`${CHUNKS} chunks inserted in ${insertS} s, HNSW index built in ${hnswBuildS} s`);

    const asked = seededRandom(99);
    const questions = Array.from({ length: QUESTIONS }, () =>
      fakeEmbedding(topicalText(words, asked, 6), []),
    );
    const exact: Set<number>[] = [];
    for (const embedding of questions) {
      const rows = await queryRows<{ chunk_index: number }>(
        db,
        sql`SELECT chunk_index FROM document_chunks WHERE agent_id = ${agentId}
            ORDER BY (embedding <=> ${vectorParam(embedding)}::vector) + 0 LIMIT ${TOP}`,
      );
      exact.push(new Set(rows.map((r) => r.chunk_index)));
    }

    const rows = [];
    for (const ef of EF_SEARCH) {
      await db.execute(sql.raw(`SET hnsw.ef_search = ${ef}`));
      for (const path of ['hnsw', 'scan'] as const) {
        if (path === 'scan' && ef !== EF_SEARCH[0]) continue; // the scan does not use the list
        let found = 0;
        let ms = 0;
        for (let i = 0; i < QUESTIONS; i++) {
          const t = performance.now();
          const result = await searchKnowledge(db, {
            agentId,
            query: 'xyzzy',
            embedding: questions[i],
            limit: TOP,
            semanticCandidates: path,
          });
          ms += performance.now() - t;
          found += result.passages.filter((p) => exact[i]!.has(p.chunkIndex!)).length;
        }
        const row = {
          candidates: path === 'hnsw' ? 'HNSW index (bits)' : "scan of the agent's bits",
          efSearch: path === 'hnsw' ? ef : null,
          recallAt20: round(found / (QUESTIONS * TOP), 3),
          meanMs: round(ms / QUESTIONS, 1),
        };
        console.log(
          `${row.candidates}${row.efSearch ? `, ef_search ${ef}` : ''}: recall@20 ` +
            `${row.recallAt20}, ${row.meanMs} ms`,
        );
        rows.push(row);
      }
    }
    printTable(rows.map((r) => ({ ...r, efSearch: r.efSearch ?? '' })));
    const file = await writeResult('vector-recall', {
      chunks: CHUNKS,
      questions: QUESTIONS,
      configuredEfSearch: Number(VECTOR_SEARCH_SETTINGS['hnsw.ef_search']),
      insertS,
      hnswBuildS,
      rows,
    });
    console.log(`wrote ${file}`);
  } finally {
    await database.close();
    removeDir(dir);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
