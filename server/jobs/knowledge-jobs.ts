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
import { syncVectorGraphs } from '../modules/knowledge/vector-graph';

export const VECTOR_GRAPH_QUEUE = 'vector-graph';
export const KNOWLEDGE_QUEUES = [PROCESS_DOCUMENT_QUEUE, EMBED_KNOWLEDGE_QUEUE, VECTOR_GRAPH_QUEUE];

/**
 * Document processing and knowledge-base embedding run on the job runner (DESIGN.md §5); hourly,
 * the chunks of every agent large enough go into the HNSW graph (modules/knowledge/vector-graph.ts:
 * after embedding they go in at once; this catches a database from before the graph was partial).
 */
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
  if (!ctx.capabilities.vector) return;
  await boss.schedule(VECTOR_GRAPH_QUEUE, '41 * * * *', null, { tz: 'UTC' });
  await boss.work(VECTOR_GRAPH_QUEUE, async () => {
    const added = await syncVectorGraphs(ctx.database.db);
    if (added > 0) logger.info({ added }, 'chunks put into the vector graph');
  });
}
