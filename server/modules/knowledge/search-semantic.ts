import { sql } from 'drizzle-orm';
import { queryRows, type AppDb } from '../../db/client';
import { EMBEDDING_DIMENSIONS } from '../../db/migrate';
import { vectorParam } from '../../db/vector';
import { CANDIDATES, statisticsOf, type ChunkRow } from './search-lexical';

/**
 * Chunks taken by the Hamming distance of their quantized embeddings before the exact ranking:
 * three times CANDIDATES, so that a chunk the exact distance ranks among the first CANDIDATES is
 * almost always among them (db/client.ts: VECTOR_SEARCH_SETTINGS for the HNSW scan's own list).
 */
const SEMANTIC_OVERSAMPLING = 60;
/**
 * From this many embedded chunks an agent's chunks go into the HNSW graph (vector-graph.ts) and
 * its candidates come from the HNSW index; below it from a scan of the agent's entries in an
 * index holding every chunk's bits (db/migrate.ts). A scan of the graph filters by agent as it
 * goes: for an agent with a small share of it, it walks through many other agents' chunks
 * (measured when every chunk was in the graph: 10k chunks of 111k, ~40 ms, against ~13 ms for
 * the scan of its 10k entries; at 100k, ~8 ms against ~39).
 */
export const HNSW_MIN_CHUNKS = 30_000;
/**
 * Nearest chunks by meaning, in two steps (db/migrate.ts): SEMANTIC_OVERSAMPLING candidates by the
 * Hamming distance of the binary-quantized embeddings, then the CANDIDATES nearest of those by
 * the cosine distance of the full embeddings.
 */
export async function semantic(
  db: AppDb,
  agentId: number,
  embedding: number[],
  candidates: 'hnsw' | 'scan' | undefined,
): Promise<ChunkRow[]> {
  const vector = vectorParam(embedding);
  const distance = sql`embedding_bits <~> binary_quantize(${vector}::vector)::bit(${sql.raw(
    String(EMBEDDING_DIMENSIONS),
  )})`;
  const hnsw = candidates
    ? candidates === 'hnsw'
    : (await statisticsOf(db).graphChunks(agentId)) >= HNSW_MIN_CHUNKS;
  // The bare operator is what the HNSW index orders by, over the chunks in the graph (the index's
  // predicate); `+ 0` keeps the planner off it.
  const graph = hnsw ? sql`AND in_graph` : sql``;
  return queryRows<ChunkRow>(
    db,
    sql`SELECT c.id, c.content, c.document_id, c.chunk_index, c.page, c.sheet, d.original_name,
          d.public_title,
          (1 - (c.embedding <=> ${vector}::vector))::float8 AS score
        FROM (SELECT id FROM document_chunks
              WHERE agent_id = ${agentId} AND embedding_bits IS NOT NULL ${graph}
              ORDER BY ${hnsw ? distance : sql`(${distance}) + 0`}
              LIMIT ${SEMANTIC_OVERSAMPLING}) AS nearest
        JOIN document_chunks c ON c.id = nearest.id
        LEFT JOIN rag_documents d ON d.id = c.document_id
        WHERE c.document_id IS NULL OR d.processing_status = 'ready'
        ORDER BY score DESC, c.id
        LIMIT ${CANDIDATES}`,
  );
}
