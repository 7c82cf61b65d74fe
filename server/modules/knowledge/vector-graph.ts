import { sql } from 'drizzle-orm';
import { queryRows, type AppDb } from '../../db/client';
import { HNSW_MIN_CHUNKS } from './search';

/**
 * Chunks put into the graph per statement: each is an HNSW insert (~2 ms in PGlite), so one
 * statement holds the embedded engine for about half a second at most.
 */
const BATCH = 200;

/**
 * Puts an agent's embedded chunks into the HNSW graph (db/migrate.ts: `in_graph`) once it has
 * `minChunks` of them, the size from which its searches go through the graph (search.ts), and
 * keeps them there: an agent that shrinks below it stays in. Called after embeddings are stored,
 * and hourly for every agent (a database from before the graph held only large agents). Returns
 * how many chunks went in.
 */
export async function syncVectorGraph(
  db: AppDb,
  agentId: number,
  minChunks = HNSW_MIN_CHUNKS,
): Promise<number> {
  const [size] = await queryRows<{ embedded: number; member: boolean }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM document_chunks
                WHERE agent_id = ${agentId} AND embedding_bits IS NOT NULL) AS embedded,
               EXISTS (SELECT 1 FROM document_chunks
                       WHERE agent_id = ${agentId} AND in_graph) AS member`,
  );
  if (!size || (size.embedded < minChunks && !size.member)) return 0;
  return putInGraph(db, agentId);
}

/** Every embedded chunk of the agent not yet in the graph goes in, in batches. */
async function putInGraph(db: AppDb, agentId: number): Promise<number> {
  let added = 0;
  for (;;) {
    const rows = await queryRows<{ id: number }>(
      db,
      sql`UPDATE document_chunks SET in_graph = true
          WHERE id IN (SELECT id FROM document_chunks
                       WHERE agent_id = ${agentId} AND embedding_bits IS NOT NULL AND NOT in_graph
                       LIMIT ${BATCH})
          RETURNING id`,
    );
    added += rows.length;
    if (rows.length < BATCH) return added;
  }
}

/** The graph for every agent with `minChunks` embedded chunks or more (one size query for all). */
export async function syncVectorGraphs(db: AppDb, minChunks = HNSW_MIN_CHUNKS): Promise<number> {
  const agents = await queryRows<{ agent_id: number }>(
    db,
    sql`SELECT agent_id FROM document_chunks WHERE embedding_bits IS NOT NULL
        GROUP BY agent_id HAVING count(*) >= ${minChunks}`,
  );
  let added = 0;
  for (const { agent_id } of agents) added += await putInGraph(db, agent_id);
  return added;
}
