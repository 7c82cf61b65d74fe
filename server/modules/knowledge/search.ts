import { sql } from 'drizzle-orm';
import { queryRows, type AppDb } from '../../db/client';

/** A retrieved passage, with what a citation needs. */
export interface Passage {
  source: string;
  content: string;
  score: number;
  documentId?: number | undefined;
  chunkIndex?: number | undefined;
  page?: number | null | undefined;
  sheet?: string | null | undefined;
}

export const KNOWLEDGE_BASE_SOURCE = 'Base de conhecimento';
/** Reciprocal rank fusion constant (Cormack et al.): damps the weight of the very top ranks. */
const RRF_K = 60;
const CANDIDATES = 20;

interface Row {
  id: number;
  content: string;
  document_id: number | null;
  chunk_index: number;
  page: number | null;
  sheet: string | null;
  original_name: string | null;
  score: number;
}

/**
 * The query's lexemes joined with OR: questions are phrased unlike the documents, so requiring
 * every word (websearch_to_tsquery) misses; ts_rank_cd then favours passages matching more. The
 * lexemes are already stemmed, so they are quoted into a 'simple' query (stemming twice changes
 * some of them: 'informaca' would become 'informac').
 */
const orQuery = (
  query: string,
) => sql`to_tsquery('simple'::regconfig, coalesce(nullif(array_to_string(
  array(SELECT quote_literal(lexeme) FROM unnest(tsvector_to_array(
    to_tsvector('portuguese'::regconfig, immutable_unaccent(${query})))) AS lexeme), ' | '), ''), '''__nada__'''))`;

async function lexical(db: AppDb, agentId: number, query: string): Promise<Row[]> {
  return queryRows<Row>(
    db,
    sql`SELECT c.id, c.content, c.document_id, c.chunk_index, c.page, c.sheet, d.original_name,
          ts_rank_cd(c.tsv, q)::float8 AS score
        FROM document_chunks c
        LEFT JOIN rag_documents d ON d.id = c.document_id
        CROSS JOIN ${orQuery(query)} AS q
        WHERE c.agent_id = ${agentId} AND c.tsv @@ q
          AND (c.document_id IS NULL OR d.processing_status = 'ready')
        ORDER BY score DESC, c.id
        LIMIT ${CANDIDATES}`,
  );
}

async function semantic(db: AppDb, agentId: number, embedding: number[]): Promise<Row[]> {
  const vector = `[${embedding.join(',')}]`;
  return queryRows<Row>(
    db,
    sql`SELECT c.id, c.content, c.document_id, c.chunk_index, c.page, c.sheet, d.original_name,
          (1 - (c.embedding <=> ${vector}::vector))::float8 AS score
        FROM document_chunks c
        LEFT JOIN rag_documents d ON d.id = c.document_id
        WHERE c.agent_id = ${agentId} AND c.embedding IS NOT NULL
          AND (c.document_id IS NULL OR d.processing_status = 'ready')
        ORDER BY c.embedding <=> ${vector}::vector
        LIMIT ${CANDIDATES}`,
  );
}

function toPassage(row: Row, score: number): Passage {
  return {
    source: row.original_name ?? KNOWLEDGE_BASE_SOURCE,
    content: row.content,
    score,
    documentId: row.document_id ?? undefined,
    chunkIndex: row.chunk_index,
    page: row.page,
    sheet: row.sheet,
  };
}

/** Merges ranked lists: each list contributes 1 / (k + rank) for every chunk it holds. */
export function reciprocalRankFusion(lists: { id: number }[][], k = RRF_K): Map<number, number> {
  const scores = new Map<number, number>();
  for (const list of lists) {
    list.forEach((item, index) =>
      scores.set(item.id, (scores.get(item.id) ?? 0) + 1 / (k + index + 1)),
    );
  }
  return scores;
}

export interface SearchOptions {
  agentId: number;
  query: string;
  /** the query's embedding, when an embedding model is available and pgvector is installed */
  embedding?: number[] | null | undefined;
  limit?: number;
}

export interface SearchResult {
  mode: 'hybrid' | 'lexical';
  passages: Passage[];
}

export async function searchKnowledge(db: AppDb, options: SearchOptions): Promise<SearchResult> {
  const limit = options.limit ?? 5;
  const lexicalRows = await lexical(db, options.agentId, options.query);
  if (!options.embedding) {
    return {
      mode: 'lexical',
      passages: lexicalRows.slice(0, limit).map((r) => toPassage(r, r.score)),
    };
  }
  const semanticRows = await semantic(db, options.agentId, options.embedding);
  const fused = reciprocalRankFusion([lexicalRows, semanticRows]);
  const byId = new Map([...semanticRows, ...lexicalRows].map((r) => [r.id, r]));
  const passages = [...fused.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([id, score]) => toPassage(byId.get(id)!, Math.round(score * 10_000) / 10_000));
  return { mode: 'hybrid', passages };
}
