import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type AppDb } from '../../db/client';
import { EMBEDDING_DIMENSIONS } from '../../db/migrate';
import { vectorParam } from '../../db/vector';

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
/** how many of the question's rarest terms get a branch of the pool of their own */
const POOL_TERMS = 12;
/** how long a process trusts what it read about the index (ANALYZE refreshes the statistics) */
const STATISTICS_TTL_MS = 10 * 60_000;
/** agents whose chunk count a process keeps */
const AGENT_SIZES_KEPT = 10_000;

/**
 * What the searches of one database know of the chunk index, read at most every ten minutes per
 * process: the lexemes' frequencies (the full-text pool's term order) and each agent's count of
 * chunks in the HNSW graph (where its semantic candidates come from).
 */
class IndexStatistics {
  private frequencies = new Map<string, number>();
  private frequenciesReadAt = -Infinity;
  private reading: Promise<void> | null = null;
  private readonly agentSizes = new Map<number, { chunks: number; at: number }>();

  constructor(private readonly db: AppDb) {}

  /**
   * How common each frequent lexeme is in `document_chunks.tsv` (share of the chunks holding it),
   * from the statistics ANALYZE keeps (`pg_stats.most_common_elems`: for a tsvector column, the
   * ~1 000 most common lexemes of the table). A lexeme not listed is rarer than every listed one.
   * Read again in the background once known; an empty map (never analysed) makes every term
   * equally rare.
   */
  async termFrequencies(): Promise<Map<string, number>> {
    if (performance.now() - this.frequenciesReadAt > STATISTICS_TTL_MS) {
      this.reading ??= this.readFrequencies().finally(() => (this.reading = null));
      if (this.frequenciesReadAt === -Infinity) await this.reading;
    }
    return this.frequencies;
  }

  /** A failed read keeps what was known (searches still work, in a less useful order). */
  private async readFrequencies(): Promise<void> {
    try {
      const [row] = await queryRows<{ elems: string[] | null; freqs: number[] | null }>(
        this.db,
        sql`SELECT most_common_elems::text::text[] AS elems, most_common_elem_freqs AS freqs
            FROM pg_stats
            WHERE schemaname = current_schema() AND tablename = 'document_chunks'
              AND attname = 'tsv'`,
      );
      const frequencies = new Map<string, number>();
      row?.elems?.forEach((lexeme, i) => frequencies.set(lexeme, row.freqs?.[i] ?? 0));
      this.frequencies = frequencies;
    } catch {
      // keep the previous map
    } finally {
      this.frequenciesReadAt = performance.now();
    }
  }

  /** The agent's chunks in the HNSW graph (vector-graph.ts; an index-only count). */
  async graphChunks(agentId: number): Promise<number> {
    const known = this.agentSizes.get(agentId);
    if (known && performance.now() - known.at < STATISTICS_TTL_MS) return known.chunks;
    const [row] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM document_chunks WHERE agent_id = ${agentId} AND in_graph`,
    );
    const chunks = row?.n ?? 0;
    if (this.agentSizes.size >= AGENT_SIZES_KEPT) {
      this.agentSizes.delete(this.agentSizes.keys().next().value!);
    }
    this.agentSizes.set(agentId, { chunks, at: performance.now() });
    return chunks;
  }
}

const indexStatistics = new WeakMap<AppDb, IndexStatistics>();

function statisticsOf(db: AppDb): IndexStatistics {
  let statistics = indexStatistics.get(db);
  if (!statistics) indexStatistics.set(db, (statistics = new IndexStatistics(db)));
  return statistics;
}

/** A lexeme as a tsquery term taken verbatim (quoted, so a stem is not normalised again). */
const quoted = (lexeme: string) => `'${lexeme.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;

/**
 * The question's distinct lexemes as the chunks' `tsv` column holds them (Portuguese stems
 * without stop words, accents removed), rarest first by the table's statistics; among equally
 * rare ones (not in the statistics), longer stems first.
 */
async function questionTerms(db: AppDb, query: string): Promise<string[]> {
  const [[row], frequencies] = await Promise.all([
    queryRows<{ lexemes: string[] | null }>(
      db,
      sql`SELECT tsvector_to_array(to_tsvector('portuguese'::regconfig,
            immutable_unaccent(${query}))) AS lexemes`,
    ),
    statisticsOf(db).termFrequencies(),
  ]);
  const frequency = (lexeme: string) => frequencies.get(lexeme) ?? 0;
  return (row?.lexemes ?? []).sort(
    (a, b) => frequency(a) - frequency(b) || b.length - a.length || (a < b ? -1 : 1),
  );
}

/** A branch of the lexical pool: the agent's chunks matching `condition`. */
const chunkMatching = (agentId: number, condition: SQL) =>
  sql`SELECT id, tsv, content, document_id, chunk_index, page, sheet
      FROM document_chunks WHERE agent_id = ${agentId} AND ${condition}`;

/**
 * Full-text candidates. Questions are phrased unlike the documents, so any of the question's
 * terms may match (requiring all of them misses), and ts_rank_cd favours chunks matching more of
 * them, closer together. Ranking every chunk that shares one common word with the question costs
 * time in proportion to the knowledge base, though, so the chunks ranked are a pool of at most
 * LEXICAL_POOL, filled in order of evidence: first the chunks holding every term (an AND the GIN
 * index answers by skipping through its entries), then those holding the rarest term, then the
 * next rarest, and so on — each branch its own small index scan instead of one bitmap of every
 * chunk holding any term (at 100k chunks, ~35 000 of them). PostgreSQL runs the UNION ALL's
 * branches only as far as the pool needs. Below LEXICAL_POOL matches (every knowledge base of
 * ordinary size) the pool is the whole match set and the ranking is exact.
 *
 * The statement is planned at every search, and its planning grows with every condition of every
 * branch (at 100k chunks, a third of its time), so each branch has one condition besides its
 * terms, and whether a chunk's document is ready is asked once, of the pool: only a document
 * being processed has chunks that are not ready (a failed one has none), so they take a place in
 * the pool only for that while.
 */
async function lexical(db: AppDb, agentId: number, query: string): Promise<Row[]> {
  const terms = await questionTerms(db, query);
  if (terms.length === 0) return [];
  const all = terms.map(quoted).join(' & ');
  const any = terms.map(quoted).join(' | ');
  const branches = [chunkMatching(agentId, sql`tsv @@ ${all}::tsquery`)];
  // A branch per term, rarest first, up to POOL_TERMS, then one for any remaining term; each
  // leaves out what an earlier branch returned (the first, the chunks holding every term; the
  // others, those holding an earlier term, which every chunk holding every term does).
  const groups = terms.length > 1 ? terms.slice(0, POOL_TERMS).map((term) => [term]) : [];
  if (terms.length > POOL_TERMS) groups.push(terms.slice(POOL_TERMS));
  groups.forEach((group, i) => {
    const earlier = i === 0 ? all : groups.slice(0, i).flat().map(quoted).join(' | ');
    branches.push(
      chunkMatching(
        agentId,
        sql`tsv @@ ${group.map(quoted).join(' | ')}::tsquery AND NOT (tsv @@ ${earlier}::tsquery)`,
      ),
    );
  });
  return queryRows<Row>(
    db,
    sql`SELECT c.id, c.content, c.document_id, c.chunk_index, c.page, c.sheet, d.original_name,
          ts_rank_cd(c.tsv, ${any}::tsquery)::float8 AS score
        FROM (SELECT * FROM (${sql.join(
          branches.map((branch) => sql`(${branch})`),
          sql` UNION ALL `,
        )}) AS matches LIMIT ${LEXICAL_POOL}) AS c
        LEFT JOIN rag_documents d ON d.id = c.document_id
        WHERE c.document_id IS NULL OR d.processing_status = 'ready'
        ORDER BY score DESC, c.id
        LIMIT ${CANDIDATES}`,
  );
}

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
async function semantic(
  db: AppDb,
  agentId: number,
  embedding: number[],
  candidates: SearchOptions['semanticCandidates'],
): Promise<Row[]> {
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
  return queryRows<Row>(
    db,
    sql`SELECT c.id, c.content, c.document_id, c.chunk_index, c.page, c.sheet, d.original_name,
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
  /**
   * where the semantic candidates come from; by default the HNSW index from HNSW_MIN_CHUNKS
   * chunks of the agent in the graph on (the tests take each way on a small table; 'hnsw' finds
   * only the chunks in the graph)
   */
  semanticCandidates?: 'hnsw' | 'scan';
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
