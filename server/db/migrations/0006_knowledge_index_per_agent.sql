-- Full-text search per agent: one GIN index over (agent_id, tsv) through btree_gin (a contrib
-- extension of PostgreSQL and of PGlite), so a search reads its own agent's entries only instead
-- of building a bitmap of every tenant's chunks that share a common word.
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE INDEX "document_chunks_agent_tsv_idx" ON "document_chunks" USING gin ("agent_id","tsv");--> statement-breakpoint
DROP INDEX "document_chunks_tsv_idx";
