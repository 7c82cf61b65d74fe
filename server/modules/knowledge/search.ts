import type { AppDb } from '../../db/client';
import { lexical, type ChunkRow } from './search-lexical';
import { semantic } from './search-semantic';

export { HNSW_MIN_CHUNKS } from './search-semantic';

/** A retrieved passage, with what a citation needs. */
export interface Passage {
  source: string;
  /** the document's public title, when the owner gave one (what customers may be shown) */
  title?: string | null | undefined;
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

function toPassage(row: ChunkRow, score: number): Passage {
  return {
    source: row.original_name ?? KNOWLEDGE_BASE_SOURCE,
    title: row.public_title,
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
  /**
   * where the semantic candidates come from; by default the HNSW index from HNSW_MIN_CHUNKS
   * chunks of the agent in the graph on (the tests take each way on a small table; 'hnsw' finds
   * only the chunks in the graph)
   */
  semanticCandidates?: 'hnsw' | 'scan';
  /** read the question with the customers' vocabulary (expand-query.ts); default true */
  expand?: boolean;
}

export interface SearchResult {
  mode: 'hybrid' | 'lexical';
  passages: Passage[];
}

export async function searchKnowledge(db: AppDb, options: SearchOptions): Promise<SearchResult> {
  const limit = options.limit ?? 5;
  const lexicalRows = await lexical(db, options.agentId, options.query, options.expand ?? true);
  if (!options.embedding) {
    return {
      mode: 'lexical',
      passages: lexicalRows.slice(0, limit).map((r) => toPassage(r, r.score)),
    };
  }
  const semanticRows = await semantic(
    db,
    options.agentId,
    options.embedding,
    options.semanticCandidates,
  );
  const fused = reciprocalRankFusion([lexicalRows, semanticRows]);
  const byId = new Map([...semanticRows, ...lexicalRows].map((r) => [r.id, r]));
  const passages = [...fused.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([id, score]) => toPassage(byId.get(id)!, Math.round(score * 10_000) / 10_000));
  return { mode: 'hybrid', passages };
}
