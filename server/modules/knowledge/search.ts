import { sql, type SQL } from 'drizzle-orm';
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

/** Ranked candidates at most: a very common term must not make every query rank the whole table. */
const LEXICAL_POOL = 200;

/**
 * The question's terms as tsqueries, computed in the statement itself: its Portuguese stems
 * without stop words, accents removed, exactly as the chunks' `tsv` column holds them, each taken
 * verbatim (quoted, so a stem is not normalised again); every term (AND), then any term (OR).
 */
const termQueries = (query: string) =>
  sql`SELECT string_agg(term, ' & ' ORDER BY term)::tsquery AS all_terms,
        string_agg(term, ' | ' ORDER BY term)::tsquery AS any_term
      FROM (SELECT DISTINCT
              '''' || replace(replace(lexeme, '\\', '\\\\'), '''', '''''') || '''' AS term
            FROM unnest(tsvector_to_array(
              to_tsvector('portuguese'::regconfig, immutable_unaccent(${query})))) AS lexeme
           ) AS lexemes`;

const chunkMatching = (agentId: number, condition: SQL) =>
  sql`SELECT id, tsv, content, document_id, chunk_index, page, sheet
      FROM document_chunks
      WHERE agent_id = ${agentId} AND ${condition}
        AND (document_id IS NULL OR EXISTS (SELECT 1 FROM rag_documents d
          WHERE d.id = document_id AND d.processing_status = 'ready'))`;

/**
 * Full-text candidates, in one statement. Questions are phrased unlike the documents, so any of
 * the question's terms may match (requiring all of them misses), and ts_rank_cd favours chunks
 * matching more of them, closer together. Ranking every chunk that shares one common word with
 * the question costs time in proportion to the knowledge base, though, so the chunks ranked are a
 * pool: first those with every term (an AND the GIN index answers by skipping through its
 * entries), then any other matching chunk, until LEXICAL_POOL. PostgreSQL runs the second UNION
 * ALL branch only as far as the pool needs. Below LEXICAL_POOL matches (every knowledge base of
 * ordinary size) the pool is the whole match set and the ranking is exact.
 */
async function lexical(db: AppDb, agentId: number, query: string): Promise<Row[]> {
  const all = sql`(SELECT all_terms FROM terms)`;
  const any = sql`(SELECT any_term FROM terms)`;
  return queryRows<Row>(
    db,
    sql`WITH terms AS MATERIALIZED (${termQueries(query)})
        SELECT c.id, c.content, c.document_id, c.chunk_index, c.page, c.sheet, d.original_name,
          ts_rank_cd(c.tsv, ${any})::float8 AS score
        FROM (SELECT * FROM (
            (${chunkMatching(agentId, sql`tsv @@ ${all}`)})
            UNION ALL
            (${chunkMatching(agentId, sql`tsv @@ ${any} AND NOT (tsv @@ ${all})`)})
          ) AS matches LIMIT ${LEXICAL_POOL}) AS c
        LEFT JOIN rag_documents d ON d.id = c.document_id
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
