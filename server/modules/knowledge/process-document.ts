import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context';
import { notifyOwnerQuietly } from '../notifications';
import type { DocumentType } from './document-types';
import * as repo from './documents.repo';
import { ExtractionCrash, ExtractionError, type FailureReason } from './extraction-error';
import type { ExtractionPool } from './extraction-pool';
import { embedChunks, PROCESS_DOCUMENT_RETRIES } from './knowledge.service';

/**
 * Chunk rows per statement. On the embedded engine a statement holds the thread that serves
 * requests: 25 rows (with their full-text vectors and index entries) took ~40 ms (at most ~90),
 * 100 rows ~100 ms (~200), on two busy cores. PostgreSQL runs them elsewhere: bigger batches
 * there only save round trips.
 */
const CHUNK_BATCH_ROWS = { embedded: 25, postgres: 500 };

export interface ProcessDocumentOptions {
  extraction: ExtractionPool;
  /** attempts made before this one */
  retryCount: number;
  logger: FastifyBaseLogger;
  /** aborted when the queue no longer holds the job for this process */
  signal?: AbortSignal;
}

/**
 * What a failure leaves on the document, or null to let the queue try again: a reason about the
 * file or a limit it broke at once (another attempt would fail the same way), a crashed extraction
 * process on its second attempt, anything else (the database) after the queue's last retry.
 */
function failureOf(err: unknown, retryCount: number): FailureReason | null {
  if (err instanceof ExtractionError) return err.reason;
  if (err instanceof ExtractionCrash) return retryCount >= 1 ? 'crashed' : null;
  return retryCount >= PROCESS_DOCUMENT_RETRIES ? 'unreadable' : null;
}

/** The processing job: pending → processing → ready | failed, with progress. */
export async function processDocument(
  ctx: AppContext,
  documentId: number,
  options: ProcessDocumentOptions,
): Promise<void> {
  const db = ctx.database.db;
  const doc = await repo.findDocumentById(db, documentId);
  if (!doc) return; // deleted while queued
  const data = await repo.loadDocumentFile(db, documentId);
  if (!data) return;
  await repo.updateDocument(db, documentId, {
    processingStatus: 'processing',
    progress: 5,
    failureReason: null,
  });
  try {
    const type = doc.fileType as DocumentType;
    const chunks = await options.extraction.extract(type, data, options.signal);
    await repo.updateDocument(db, documentId, { progress: 30 });
    let shown = 30;
    const inserted = await repo.replaceDocumentChunks(db, doc.agentId, documentId, chunks, {
      batchRows: CHUNK_BATCH_ROWS[ctx.database.kind],
      onBatch: async (done) => {
        const progress = 30 + Math.floor((20 * done) / Math.max(1, chunks.length));
        if (progress < shown + 5) return;
        shown = progress;
        await repo.updateDocument(db, documentId, { progress });
      },
    });
    // The text is kept in its chunks (in order, with page and sheet) and can be extracted again
    // from the stored file; a second copy in rag_documents.content was one statement of up to
    // tens of MB, which held the embedded engine, and so every request, for 0.3–0.6 s.
    await repo.updateDocument(db, documentId, { totalChunks: inserted.length, progress: 50 });
    const embedded = doc.uploadedBy
      ? await embedChunks(ctx, doc.uploadedBy, doc.agentId, inserted, async (done) => {
          await repo.updateDocument(db, documentId, {
            progress: 50 + Math.round((45 * done) / inserted.length),
          });
        })
      : false;
    await repo.updateDocument(db, documentId, {
      processingStatus: 'ready',
      progress: 100,
      indexMode: embedded ? 'hybrid' : 'lexical',
      processedAt: new Date(),
    });
  } catch (err) {
    const reason = failureOf(err, options.retryCount);
    if (!reason) {
      await repo.updateDocument(db, documentId, { processingStatus: 'pending' });
      throw err;
    }
    options.logger.warn(
      { documentId, reason, ...(err instanceof ExtractionError ? {} : { err }) },
      'document processing failed',
    );
    // A failed document is never searched: its chunks would only take places in the search's
    // lexical pool (search.ts).
    await repo.replaceChunks(db, doc.agentId, documentId, []);
    await repo.updateDocument(db, documentId, {
      processingStatus: 'failed',
      failureReason: reason,
      progress: 100,
      processedAt: new Date(),
    });
    // The owner is told where to look (the agent's knowledge), whatever screen they are on.
    const ownerId = await repo.ownerOfAgent(db, doc.agentId);
    if (ownerId !== null) {
      await notifyOwnerQuietly(
        ctx,
        ownerId,
        { kind: 'document-failed', agentId: doc.agentId, subject: doc.originalName },
        options.logger,
      );
    }
  }
}
