import { sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context';
import { queryRows } from '../../db/client';
import { extractionOptionsOf } from './extraction-limits';
import { ExtractionPool } from './extraction-pool';
import {
  EMBED_KNOWLEDGE_QUEUE,
  embedKnowledgeText,
  PROCESS_DOCUMENT_QUEUE,
} from './knowledge.service';
import { processDocument } from './process-document';
import { syncVectorGraphs } from './vector-graph';

export const VECTOR_GRAPH_QUEUE = 'vector-graph';
export const KNOWLEDGE_QUEUES = [PROCESS_DOCUMENT_QUEUE, EMBED_KNOWLEDGE_QUEUE, VECTOR_GRAPH_QUEUE];

/** The worker beats every 5 s while it holds a document job; 10 s of silence means it is gone. */
export const KNOWLEDGE_QUEUE_OPTIONS: Record<string, { heartbeatSeconds: number }> = {
  [PROCESS_DOCUMENT_QUEUE]: { heartbeatSeconds: 10 },
};
const STALLED_SWEEP_MS = 5_000;

/**
 * Document jobs whose process stopped beating (kill -9, a lost machine) go back to the queue.
 * pg-boss would do it too, but its supervision passes are a minute apart, the first a minute
 * after start: with the retry delay the document stayed "processing" well over a minute after a
 * restart (ten minutes, the job's expiry, before it had a heartbeat). Every worker process looks
 * every 5 s; a living worker keeps beating (extraction runs in another process, so its event
 * loop is free to), and the fail is fenced by attempt, so two processes that both see a stalled
 * job fail it once. At start on the embedded database, where this process is the only one that
 * works jobs, every active job is one a crash cut off: no need to wait for its heartbeat to lapse.
 */
export async function retryStalledDocuments(
  boss: PgBoss,
  ctx: AppContext,
  atStart = false,
): Promise<number> {
  const orphaned = atStart && ctx.database.kind === 'embedded';
  const stalled = await queryRows<{ id: string; retry_count: number }>(
    ctx.database.db,
    sql`SELECT id, retry_count FROM pgboss.job
        WHERE name = ${PROCESS_DOCUMENT_QUEUE} AND state = 'active'
          AND (${orphaned}::boolean OR (heartbeat_seconds IS NOT NULL
            AND coalesce(heartbeat_on, started_on) + heartbeat_seconds * interval '1 second'
                < pgboss.job_now()))`,
  );
  if (stalled.length === 0) return 0;
  await boss.fail(
    PROCESS_DOCUMENT_QUEUE,
    stalled.map((job) => ({ id: job.id, retryCount: job.retry_count })),
    { message: 'the process working on it stopped' },
  );
  return stalled.length;
}

/**
 * Document processing and knowledge-base embedding run on the job runner; hourly, the chunks of
 * every agent large enough go into the HNSW graph (modules/knowledge/vector-graph.ts: after
 * embedding they go in at once; this catches a database from before the graph was partial).
 * Returns what stops the extraction processes and the sweep.
 */
export async function registerKnowledgeJobs(
  boss: PgBoss,
  ctx: AppContext,
  logger: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  const extraction = new ExtractionPool(extractionOptionsOf(ctx.config));
  await boss.work<{ documentId: number }>(
    PROCESS_DOCUMENT_QUEUE,
    { pollingIntervalSeconds: 1 },
    async ([job]) => {
      if (!job) return;
      await processDocument(ctx, job.data.documentId, {
        extraction,
        retryCount: job.retryCount,
        logger,
        signal: job.signal,
      });
    },
  );
  const sweep = (atStart = false) =>
    retryStalledDocuments(boss, ctx, atStart).then(
      (jobs) => jobs > 0 && logger.info({ jobs }, 'stalled document jobs handed back'),
      (err: unknown) => logger.warn({ err }, 'stalled document sweep'),
    );
  await sweep(true);
  const timer = setInterval(() => void sweep(), STALLED_SWEEP_MS);
  timer.unref();
  await boss.work<{ agentId: number; ownerId: number }>(
    EMBED_KNOWLEDGE_QUEUE,
    { pollingIntervalSeconds: 2 },
    async ([job]) => {
      if (job) await embedKnowledgeText(ctx, job.data.agentId, job.data.ownerId);
    },
  );
  const stop = async () => {
    clearInterval(timer);
    await extraction.close();
  };
  if (!ctx.capabilities.vector) return stop;
  await boss.schedule(VECTOR_GRAPH_QUEUE, '41 * * * *', null, { tz: 'UTC' });
  await boss.work(VECTOR_GRAPH_QUEUE, async () => {
    const added = await syncVectorGraphs(ctx.database.db);
    if (added > 0) logger.info({ added }, 'chunks put into the vector graph');
  });
  return stop;
}
