import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { tsvector, bytea, createdAt } from './columns';
import { users } from './accounts';
import { agents } from './agents';

/** Knowledge: uploaded documents, their original files and the chunks retrieval searches. */

export const ragDocuments = pgTable(
  'rag_documents',
  {
    id: serial('id').primaryKey(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    originalName: text('original_name').notNull(),
    /** the name customers see when the widget shows a reply's sources (the file name is internal) */
    publicTitle: text('public_title'),
    /**
     * Extracted text, from before extraction moved out of the server: no longer written (the
     * text is in the document's chunks, and the stored file can be extracted again).
     */
    content: text('content'),
    fileType: text('file_type').notNull(),
    fileSize: integer('file_size').notNull(),
    mimeType: text('mime_type').notNull(),
    chunkIndex: integer('chunk_index').notNull().default(0),
    totalChunks: integer('total_chunks').notNull().default(1),
    processingStatus: text('processing_status').notNull().default('pending'),
    /** 0–100 */
    progress: integer('progress').notNull().default(0),
    /** a key of the errors catalogue (`documents.*`) saying why processing failed */
    failureReason: text('failure_reason'),
    /** lexical-only or hybrid (embedded) once ready */
    indexMode: text('index_mode'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rag_documents_agent_idx').on(t.agentId)],
);

/** Retrieval units of documents and of the agent's free-text knowledge base. */
export const documentChunks = pgTable(
  'document_chunks',
  {
    id: serial('id').primaryKey(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    documentId: integer('document_id').references(() => ragDocuments.id, { onDelete: 'cascade' }),
    /** 'document' or 'knowledge_base' */
    source: text('source').notNull(),
    chunkIndex: integer('chunk_index').notNull(),
    content: text('content').notNull(),
    page: integer('page'),
    sheet: text('sheet'),
    /** `embedding vector(1536)` is added at start-up when pgvector exists (db/migrate.ts) */
    tsv: tsvector('tsv').generatedAlwaysAs(
      sql`to_tsvector('portuguese'::regconfig, immutable_unaccent(content))`,
    ),
    createdAt: createdAt(),
  },
  (t) => [
    index('document_chunks_agent_idx').on(t.agentId),
    index('document_chunks_document_idx').on(t.documentId),
    // One GIN index over the agent and the lexemes (btree_gin): a search reads only its agent's
    // entries instead of every tenant's matches for a common word.
    index('document_chunks_agent_tsv_idx').using('gin', t.agentId, t.tsv),
  ],
);

/** The original uploaded file, kept so a document can be processed again. */
export const documentFiles = pgTable('document_files', {
  documentId: integer('document_id')
    .primaryKey()
    .references(() => ragDocuments.id, { onDelete: 'cascade' }),
  data: bytea('data').notNull(),
});
