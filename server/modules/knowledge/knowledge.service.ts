import type { AppContext } from '../../app-context';
import type { AppDb } from '../../db/client';
import { embedTexts } from '../../adapters/llm/language-model';
import { AppError } from '../../lib/errors';
import { getAgent } from '../agents';
import { chunkSegments } from './chunk';
import { DOCUMENT_TYPES, detectDocumentType } from './document-types';
import * as repo from './documents.repo';
import { embedderFor, embedQuery } from './embedder';
import { searchKnowledge, type SearchResult } from './search';
import { syncVectorGraph } from './vector-graph';

export const PROCESS_DOCUMENT_QUEUE = 'process-document';
export const EMBED_KNOWLEDGE_QUEUE = 'embed-knowledge';
export const PROCESS_DOCUMENT_RETRIES = 3;
const EMBED_BATCH = 64;

function requireJobs(ctx: AppContext) {
  if (!ctx.jobs) throw new Error('the job runner is not started');
  return ctx.jobs.boss;
}

export async function uploadDocument(
  ctx: AppContext,
  ownerId: number,
  agentId: number,
  file: { data: Buffer; filename: string },
): Promise<repo.DocumentRow> {
  const db = ctx.database.db;
  const agent = await getAgent(db, ownerId, agentId);
  if (file.data.length === 0) throw new AppError('DOCUMENT_EMPTY');
  const type = await detectDocumentType(file.data, file.filename);
  if (!type) throw new AppError('DOCUMENT_TYPE_UNSUPPORTED');
  const originalName = file.filename.slice(0, 255) || `documento.${type}`;
  const row = await repo.insertDocument(
    db,
    {
      agentId: agent.id,
      filename: `${Date.now().toString(36)}-${originalName.replace(/[^\w.-]+/g, '_')}`,
      originalName,
      fileType: type,
      fileSize: file.data.length,
      mimeType: DOCUMENT_TYPES[type],
      uploadedBy: ownerId,
    },
    file.data,
  );
  await enqueueProcessing(ctx, row.id);
  return row;
}

async function enqueueProcessing(ctx: AppContext, documentId: number) {
  await requireJobs(ctx).send(
    PROCESS_DOCUMENT_QUEUE,
    { documentId },
    {
      retryLimit: PROCESS_DOCUMENT_RETRIES,
      // 2–4 s before the second attempt (pg-boss doubles it with jitter): an owner is watching
      // the document, and a crashed extraction process or a lost worker is retried this way.
      retryDelay: 2,
      retryBackoff: true,
      expireInSeconds: 600,
    },
  );
}

export async function listAgentDocuments(ctx: AppContext, ownerId: number, agentId: number) {
  const agent = await getAgent(ctx.database.db, ownerId, agentId);
  return repo.listDocuments(ctx.database.db, agent.id);
}

export async function removeDocument(
  ctx: AppContext,
  ownerId: number,
  agentId: number,
  documentId: number,
) {
  const agent = await getAgent(ctx.database.db, ownerId, agentId);
  if (!(await repo.deleteDocument(ctx.database.db, agent.id, documentId))) {
    throw new AppError('DOCUMENT_NOT_FOUND');
  }
}

/** The title customers see for a document's passages (null: none, the file name stays internal). */
export async function retitleDocument(
  ctx: AppContext,
  ownerId: number,
  agentId: number,
  documentId: number,
  publicTitle: string | null,
) {
  const agent = await getAgent(ctx.database.db, ownerId, agentId);
  const doc = await repo.findDocument(ctx.database.db, agent.id, documentId);
  if (!doc) throw new AppError('DOCUMENT_NOT_FOUND');
  await repo.updateDocument(ctx.database.db, doc.id, { publicTitle });
  return { ...doc, publicTitle };
}

export async function reprocessDocument(
  ctx: AppContext,
  ownerId: number,
  agentId: number,
  documentId: number,
) {
  const agent = await getAgent(ctx.database.db, ownerId, agentId);
  const doc = await repo.findDocument(ctx.database.db, agent.id, documentId);
  if (!doc) throw new AppError('DOCUMENT_NOT_FOUND');
  await repo.updateDocument(ctx.database.db, doc.id, {
    processingStatus: 'pending',
    progress: 0,
    failureReason: null,
  });
  await enqueueProcessing(ctx, doc.id);
  return (await repo.findDocument(ctx.database.db, agent.id, documentId))!;
}

/**
 * Embeds chunks when a provider and pgvector are there; false means the index stays lexical.
 * Chunks of an agent large enough go into the HNSW graph before its documents are ready.
 */
export async function embedChunks(
  ctx: AppContext,
  ownerId: number,
  agentId: number,
  chunks: { id: number; content: string }[],
  onProgress: (done: number) => Promise<void>,
): Promise<boolean> {
  const settings = await embedderFor(ctx, ownerId);
  if (!settings || chunks.length === 0) return false;
  try {
    for (let i = 0; i < chunks.length; i += EMBED_BATCH) {
      const batch = chunks.slice(i, i + EMBED_BATCH);
      const vectors = await embedTexts(
        settings,
        batch.map((c) => c.content),
      );
      await repo.storeEmbeddings(
        ctx.database.db,
        batch.map((c, j) => ({ id: c.id, embedding: vectors[j]! })),
      );
      await onProgress(Math.min(chunks.length, i + EMBED_BATCH));
    }
  } catch {
    // No embeddings endpoint (many compatible servers) or a provider failure: stay lexical.
    return false;
  }
  await syncVectorGraph(ctx.database.db, agentId);
  return true;
}

/** The agent's free-text knowledge base, indexed like a document (chunks without a document). */
export async function indexKnowledgeText(
  ctx: AppContext,
  ownerId: number,
  agentId: number,
  text: string | null,
) {
  const chunks = text?.trim() ? chunkSegments([{ text }]) : [];
  const inserted = await repo.replaceChunks(ctx.database.db, agentId, null, chunks);
  if (inserted.length > 0 && ctx.jobs && (await embedderFor(ctx, ownerId))) {
    await ctx.jobs.boss.send(
      EMBED_KNOWLEDGE_QUEUE,
      { agentId, ownerId },
      { retryLimit: 2, retryDelay: 10 },
    );
  }
}

export async function embedKnowledgeText(ctx: AppContext, agentId: number, ownerId: number) {
  const chunks = await repo.chunksToEmbed(ctx.database.db, agentId, null);
  await embedChunks(ctx, ownerId, agentId, chunks, async () => {});
}

/**
 * A knowledge entry the owner typed (the answer to an unanswered question): a text
 * document of the agent, chunked and ready in the caller's transaction (`db`), so the next turn's
 * search finds it once that commits — no processing job. The caller has checked the agent's
 * owner and plan. `embedTextDocument` adds its embeddings afterwards, where there is an embedder.
 */
export async function createTextDocument(
  db: AppDb,
  entry: { agentId: number; ownerId: number; name: string; text: string },
): Promise<repo.DocumentRow> {
  const file = Buffer.from(entry.text, 'utf8');
  return repo.insertReadyTextDocument(
    db,
    {
      agentId: entry.agentId,
      filename: `${Date.now().toString(36)}-${entry.name.replace(/[^\w.-]+/g, '_').slice(0, 60)}.txt`,
      originalName: entry.name.slice(0, 255),
      fileType: 'txt',
      fileSize: file.length,
      mimeType: DOCUMENT_TYPES.txt,
      uploadedBy: entry.ownerId,
    },
    file,
    chunkSegments([{ text: entry.text }]),
  );
}

/** The embeddings of a document made by createTextDocument; it stays lexical without them. */
export async function embedTextDocument(
  ctx: AppContext,
  ownerId: number,
  agentId: number,
  documentId: number,
): Promise<void> {
  const chunks = await repo.chunksToEmbed(ctx.database.db, agentId, documentId);
  if (await embedChunks(ctx, ownerId, agentId, chunks, async () => {})) {
    await repo.updateDocument(ctx.database.db, documentId, { indexMode: 'hybrid' });
  }
}

/** Retrieval for every channel's turn and for the editor's 'Testar busca' panel. */
export async function retrievePassages(
  ctx: AppContext,
  ownerId: number,
  agentId: number,
  query: string,
  limit = 5,
): Promise<SearchResult> {
  const embedding = await embedQuery(ctx, ownerId, query);
  return searchKnowledge(ctx.database.db, { agentId, query, embedding, limit });
}

/** The editor's 'Testar busca' panel: the owner's agent only. */
export async function searchAgentKnowledge(
  ctx: AppContext,
  ownerId: number,
  agentId: number,
  query: string,
) {
  const agent = await getAgent(ctx.database.db, ownerId, agentId);
  return retrievePassages(ctx, ownerId, agent.id, query, 8);
}
