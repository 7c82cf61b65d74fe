import type { PgBoss } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../app-context';
import {
  EMBED_KNOWLEDGE_QUEUE,
  embedKnowledgeText,
  PROCESS_DOCUMENT_QUEUE,
  PROCESS_DOCUMENT_RETRIES,
  processDocument,
} from '../modules/knowledge/knowledge.service';

export const KNOWLEDGE_QUEUES = [PROCESS_DOCUMENT_QUEUE, EMBED_KNOWLEDGE_QUEUE];

/** Document processing and knowledge-base embedding run on the job runner (DESIGN.md §5). */
export async function registerKnowledgeJobs(
  boss: PgBoss,
  ctx: AppContext,
  logger: FastifyBaseLogger,
) {
  await boss.work<{ documentId: number }>(
    PROCESS_DOCUMENT_QUEUE,
    { pollingIntervalSeconds: 1 },
    async ([job]) => {
      if (!job) return;
      await processDocument(ctx, job.data.documentId, {
        lastAttempt: job.retryCount >= PROCESS_DOCUMENT_RETRIES,
        logger,
      });
    },
  );
  await boss.work<{ agentId: number; ownerId: number }>(
    EMBED_KNOWLEDGE_QUEUE,
    { pollingIntervalSeconds: 2 },
    async ([job]) => {
      if (job) await embedKnowledgeText(ctx, job.data.agentId, job.data.ownerId);
    },
  );
}
