import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type AppDb } from '../../db/client';
import { expandQuery } from './expand-query';

/** Candidates each search takes before fusion (the full-text and the vector one alike). */
export const CANDIDATES = 20;

/** A chunk as both searches read it, with its document's name. */
export interface ChunkRow {
  id: number;
  content: string;
  document_id: number | null;
  chunk_index: number;
  page: number | null;
  sheet: string | null;
  original_name: string | null;
  public_title: string | null;
  score: number;
}

/** Ranked candidates at most: a very common term must not make every query rank the whole table. */
const LEXICAL_POOL = 200;
/** how many of the question's rarest terms get a branch of the pool of their own */
const POOL_TERMS = 12;
/**
 * How much the words the vocabulary adds for the question's intent count beside its own words:
 * enough to find "Rua das Flores, 123" for "qual o endereço?", too little for the hours' dozen
 * words to outrank "cartão fidelidade" for "como funciona o cartão fidelidade?". Measured by
 * bench/customer-questions.ts: at 1 (plain words) bench/retrieval.ts's corpus lost a tenth of its
 * recall@5, at 0.25 one question; 0.1 and 0.05 give the same figures.
 */
const ADDED_WEIGHT = 0.1;
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

export function statisticsOf(db: AppDb): IndexStatistics {
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
 *
 * The question is read with the customers' vocabulary first (`expandQuery`): its question words
 * dropped, the words of the line that answers its intent added; `expand: false` searches it as
 * written (the benchmark's before).
 */
export async function lexical(
  db: AppDb,
  agentId: number,
  query: string,
  expand = true,
): Promise<ChunkRow[]> {
  const expanded = expand ? expandQuery(query) : { own: query, added: '' };
  const [own, added] = await Promise.all([
    questionTerms(db, expanded.own),
    expanded.added ? questionTerms(db, expanded.added) : [],
  ]);
  // With none of its own words left ("onde fica?"), the intent's words are the question.
  const primary = own.length > 0 ? own : added;
  const secondary = own.length > 0 ? added.filter((term) => !own.includes(term)) : [];
  const terms = [...primary, ...secondary];
  if (terms.length === 0) return [];
  const all = primary.map(quoted).join(' & ');
  const any = primary.map(quoted).join(' | ');
  const rank =
    secondary.length > 0
      ? sql`ts_rank_cd(c.tsv, ${any}::tsquery) + ${ADDED_WEIGHT} *
            ts_rank_cd(c.tsv, ${secondary.map(quoted).join(' | ')}::tsquery)`
      : sql`ts_rank_cd(c.tsv, ${any}::tsquery)`;
  const branches = [chunkMatching(agentId, sql`tsv @@ ${all}::tsquery`)];
  // A branch per term, rarest first (the question's own before the vocabulary's), up to
  // POOL_TERMS, then one for any remaining term; each leaves out what an earlier branch returned
  // (the first, the chunks holding every own term; the others, those holding an earlier term).
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
  return queryRows<ChunkRow>(
    db,
    sql`SELECT c.id, c.content, c.document_id, c.chunk_index, c.page, c.sheet, d.original_name,
          d.public_title,
          (${rank})::float8 AS score
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
