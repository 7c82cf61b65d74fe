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
  /** pgvector available (embeddings + HNSW); otherwise retrieval is full-text only */
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
 * The embedding column exists only where pgvector does, so it lives outside the migration history
 * (which must apply on PostgreSQL without the extension). Idempotent.
 */
async function addVectorColumns(run: (text: string) => Promise<unknown>) {
  await run(
    `ALTER TABLE document_chunks ADD COLUMN IF NOT EXISTS embedding vector(${EMBEDDING_DIMENSIONS})`,
  );
  await run(
    'CREATE INDEX IF NOT EXISTS document_chunks_embedding_idx ON document_chunks USING hnsw (embedding vector_cosine_ops)',
  );
}

/** pgvector is optional on PostgreSQL: without it the app runs and retrieval is lexical-only. */
async function enableVector(client: { query: (q: string) => Promise<{ rows: unknown[] }> }) {
  const available = await client.query(
    "SELECT 1 FROM pg_available_extensions WHERE name = 'vector'",
  );
  if (available.rows.length === 0) return false;
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS vector');
    return true;
  } catch {
    return false;
  }
}
