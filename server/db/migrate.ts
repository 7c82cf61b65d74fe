import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { MIGRATIONS_DIR } from '../lib/paths';
import type { Database } from './client';

export const migrationsFolder = MIGRATIONS_DIR;

/** An arbitrary constant: the advisory lock key that serialises migrations across processes. */
const MIGRATION_LOCK_KEY = 727_001;

export interface DatabaseCapabilities {
  /**
   * pgvector 0.7 or newer available (embeddings, their binary quantization and its HNSW index);
   * otherwise retrieval is full-text only
   */
  vector: boolean;
}

/**
 * Applies pending migrations. On PostgreSQL several web processes may start at once, so the run
 * holds an advisory lock; PGlite has a single connection and needs none.
 */
export async function runMigrations(database: Database): Promise<DatabaseCapabilities> {
  if (database.kind === 'embedded') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    await database.db.execute(sql`CREATE EXTENSION IF NOT EXISTS vector`);
    await addVectorColumns((text) => database.db.execute(sql.raw(text)));
    // No autovacuum runs in the embedded engine, so new full-text entries wait in the GIN index's
    // pending list (4 MB by default) until it fills, and every search reads that list through.
    // A 256 kB list keeps searches fast for ~25 % more insert time (turning it off doubles it).
    await database.db.execute(
      sql`ALTER INDEX document_chunks_agent_tsv_idx SET (gin_pending_list_limit = 256)`,
    );
    // The same for the inbox's search over messages (migration 0010).
    await database.db.execute(
      sql`ALTER INDEX messages_conversation_tsv_idx SET (gin_pending_list_limit = 256)`,
    );
    return { vector: true };
  }
  const client = await database.pool!.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder });
      const vector = await enableVector(client);
      if (vector) await addVectorColumns((text) => client.query(text));
      return { vector };
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/** Embedding width of the default embedding model (text-embedding-3-small). */
export const EMBEDDING_DIMENSIONS = 1536;

/**
 * The embedding columns exist only where pgvector does, so they live outside the migration
 * history (which must apply on PostgreSQL without the extension). Idempotent.
 *
 * Besides the embedding, each chunk keeps its binary quantization (one bit per dimension, the
 * sign: 192 bytes stored in the row, against 6 KB of floats kept out of line), and the HNSW
 * index is built over those bits with the Hamming distance. A search takes the nearest chunks by
 * Hamming distance, then ranks them by the exact cosine distance of their full embeddings
 * (knowledge/search.ts). The index over the floats it replaces cost PGlite ~20 ms per inserted
 * chunk, and a search for an agent too small for it to be used read every chunk's 6 KB.
 */
async function addVectorColumns(run: (text: string) => Promise<unknown>) {
  await run(
    `ALTER TABLE document_chunks ADD COLUMN IF NOT EXISTS embedding vector(${EMBEDDING_DIMENSIONS})`,
  );
  await run(
    `ALTER TABLE document_chunks ADD COLUMN IF NOT EXISTS embedding_bits bit(${EMBEDDING_DIMENSIONS})
       GENERATED ALWAYS AS (binary_quantize(embedding)::bit(${EMBEDDING_DIMENSIONS})) STORED`,
  );
  // Whether the chunk is in the HNSW index: only an agent large enough to be searched through it
  // has its chunks there (knowledge/vector-graph.ts).
  await run(
    'ALTER TABLE document_chunks ADD COLUMN IF NOT EXISTS in_graph boolean NOT NULL DEFAULT false',
  );
  // Until then the index held every chunk (document_chunks_embedding_bits_idx).
  await run('DROP INDEX IF EXISTS document_chunks_embedding_bits_idx');
  await run(`CREATE INDEX IF NOT EXISTS ${EMBEDDING_INDEX} ${EMBEDDING_INDEX_DEFINITION}`);
  await run(
    `CREATE INDEX IF NOT EXISTS document_chunks_graph_agent_idx ON document_chunks (agent_id)
       WHERE in_graph`,
  );
  // An agent too small for the HNSW index is searched by reading its entries here, not its rows.
  await run(
    `CREATE INDEX IF NOT EXISTS document_chunks_agent_bits_idx ON document_chunks (agent_id)
       INCLUDE (id, embedding_bits)`,
  );
  await run('DROP INDEX IF EXISTS document_chunks_embedding_idx');
}

/**
 * The HNSW index over the quantized embeddings of the chunks in the graph (`in_graph`): those of
 * agents with HNSW_MIN_CHUNKS embedded chunks or more (knowledge/search.ts), the only ones searched
 * through it. Every other chunk stays out of it, so it costs them nothing: no graph insert per
 * chunk (~2 ms in PGlite), and no graph repair when they are deleted — a vacuum repairs the
 * neighbours of every deleted entry, which held the embedded engine for 175 s after 3 000 of 111k
 * chunks were deleted, and for 8 s after 3 000 of 10k.
 */
export const EMBEDDING_INDEX = 'document_chunks_graph_bits_idx';
/**
 * Built with a candidate list of 200 (pgvector's default is 64): Hamming distances are small
 * integers with many ties, and a graph built with the default list found, for 40k chunks of
 * topical text, 80 % of what an exact scan of the bits finds at the same search settings; with
 * 200, 96 % — as much as the scan (bench/vector-recall.ts). It costs build and insert time.
 */
export const EMBEDDING_INDEX_DEFINITION =
  'ON document_chunks USING hnsw (embedding_bits bit_hamming_ops) WITH (m = 16, ef_construction = 200) WHERE in_graph';

/**
 * pgvector is optional on PostgreSQL: without it (or with a version older than 0.7, which has no
 * binary quantization) the app runs and retrieval is lexical-only.
 */
async function enableVector(client: { query: (q: string) => Promise<{ rows: unknown[] }> }) {
  const available = await client.query(
    "SELECT 1 FROM pg_available_extensions WHERE name = 'vector'",
  );
  if (available.rows.length === 0) return false;
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS vector');
    const { rows } = await client.query(
      "SELECT extversion FROM pg_extension WHERE extname = 'vector'",
    );
    const [major = 0, minor = 0] = String((rows[0] as { extversion?: string })?.extversion)
      .split('.')
      .map(Number);
    return major > 0 || minor >= 7;
  } catch {
    return false;
  }
}
