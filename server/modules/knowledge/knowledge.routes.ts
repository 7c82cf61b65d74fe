import { documentTitleSchema } from '@common/schemas/agent';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/errors';
import { readingMultipart } from '../../lib/multipart';
import type { Config } from '../../config';
import { pickLanguage, translate, type Language } from '../../lib/i18n';
import { parseId } from '../../lib/params';
import { parseInput } from '../../lib/validate';
import { requireUserId } from '../auth';
import { assertKnowledgeBase } from '../subscriptions';
import { DOCUMENT_LIMIT_BYTES } from './document-types';
import type { DocumentRow } from './documents.repo';
import * as knowledge from './knowledge.service';

type IdParams = { Params: { id: string } };
type DocParams = { Params: { id: string; documentId: string } };

const searchQuerySchema = z.object({
  q: z
    .string('validation.messageRequired')
    .trim()
    .min(1, 'validation.messageRequired')
    .max(500, 'validation.tooLong'),
});

/** The limits a failure reason names, as the reader writes numbers. */
function limitParams(config: Config, lang: Language) {
  const format = new Intl.NumberFormat(lang);
  const number = (value: number) => format.format(value);
  return {
    maxPages: number(config.DOCUMENT_MAX_PDF_PAGES),
    maxUnpackedMb: number(config.DOCUMENT_MAX_UNPACKED_MB),
    maxCells: number(config.DOCUMENT_MAX_XLSX_CELLS),
    maxChars: number(config.DOCUMENT_MAX_TEXT_CHARS),
  };
}

/** A document as the editor lists it; the failure reason is translated for the reader. */
function toView(doc: DocumentRow, request: FastifyRequest, config: Config) {
  const lang = pickLanguage(request.headers['accept-language']);
  const failureReason = doc.failureReason
    ? translate(`documents.${doc.failureReason}`, lang, limitParams(config, lang))
    : null;
  return {
    id: doc.id,
    agentId: doc.agentId,
    filename: doc.filename,
    originalName: doc.originalName,
    publicTitle: doc.publicTitle,
    fileType: doc.fileType,
    fileSize: doc.fileSize,
    mimeType: doc.mimeType,
    chunkIndex: doc.chunkIndex,
    totalChunks: doc.totalChunks,
    processingStatus: doc.processingStatus,
    progress: doc.progress,
    failureReason,
    indexMode: doc.indexMode,
    uploadedAt: doc.uploadedAt.toISOString(),
    processedAt: doc.processedAt?.toISOString() ?? null,
  };
}

async function readDocument(request: FastifyRequest) {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  return readingMultipart(async () => {
    const file = await request.file({ limits: { fileSize: DOCUMENT_LIMIT_BYTES, files: 1 } });
    if (!file || file.fieldname !== 'document') throw new AppError('FILE_MISSING');
    const data = await file.toBuffer();
    return { data, filename: file.filename };
  });
}

/** Document upload, list and delete, plus reprocessing and the editor's 'Testar busca'. */
export async function knowledgeRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.post<IdParams>('/api/agents/:id/upload-document', async (request, reply) => {
    const ownerId = requireUserId(request);
    const agentId = parseId(request.params.id, 'AGENT_NOT_FOUND');
    await assertKnowledgeBase(ctx.database.db, ownerId);
    const file = await readDocument(request);
    const doc = await knowledge.uploadDocument(ctx, ownerId, agentId, file);
    return reply.status(201).send(toView(doc, request, ctx.config));
  });

  app.get<IdParams>('/api/agents/:id/documents', async (request) => {
    const ownerId = requireUserId(request);
    const docs = await knowledge.listAgentDocuments(
      ctx,
      ownerId,
      parseId(request.params.id, 'AGENT_NOT_FOUND'),
    );
    return docs.map((d) => toView(d, request, ctx.config));
  });

  app.delete<DocParams>('/api/agents/:id/documents/:documentId', async (request, reply) => {
    const ownerId = requireUserId(request);
    const agentId = parseId(request.params.id, 'AGENT_NOT_FOUND');
    await knowledge.removeDocument(
      ctx,
      ownerId,
      agentId,
      parseId(request.params.documentId, 'DOCUMENT_NOT_FOUND'),
    );
    return reply.status(204).send();
  });

  app.patch<DocParams>('/api/agents/:id/documents/:documentId', async (request) => {
    const ownerId = requireUserId(request);
    const agentId = parseId(request.params.id, 'AGENT_NOT_FOUND');
    const documentId = parseId(request.params.documentId, 'DOCUMENT_NOT_FOUND');
    const { publicTitle } = parseInput(documentTitleSchema, request.body);
    return toView(
      await knowledge.retitleDocument(ctx, ownerId, agentId, documentId, publicTitle),
      request,
      ctx.config,
    );
  });

  app.post<DocParams>('/api/agents/:id/documents/:documentId/reprocess', async (request) => {
    const ownerId = requireUserId(request);
    const agentId = parseId(request.params.id, 'AGENT_NOT_FOUND');
    const documentId = parseId(request.params.documentId, 'DOCUMENT_NOT_FOUND');
    await assertKnowledgeBase(ctx.database.db, ownerId);
    return toView(
      await knowledge.reprocessDocument(ctx, ownerId, agentId, documentId),
      request,
      ctx.config,
    );
  });

  app.get<IdParams & { Querystring: { q?: string } }>(
    '/api/agents/:id/knowledge/search',
    async (request) => {
      const ownerId = requireUserId(request);
      const agentId = parseId(request.params.id, 'AGENT_NOT_FOUND');
      const { q } = parseInput(searchQuerySchema, request.query);
      await assertKnowledgeBase(ctx.database.db, ownerId);
      const result = await knowledge.searchAgentKnowledge(ctx, ownerId, agentId, q);
      return {
        mode: result.mode,
        results: result.passages.map((p) => ({
          source: p.source,
          content: p.content,
          score: p.score,
          documentId: p.documentId ?? null,
          page: p.page ?? null,
          sheet: p.sheet ?? null,
          chunkIndex: p.chunkIndex ?? null,
        })),
      };
    },
  );
}
