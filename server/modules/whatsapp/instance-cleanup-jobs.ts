import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { AppContext } from '../../app-context';
import { createGatewayClient } from '../../adapters/gateway/gateway-client';
import { DELETE_GATEWAY_INSTANCE_QUEUE, runGatewayDelete } from './instance-cleanup';

export const GATEWAY_CLEANUP_QUEUES = [DELETE_GATEWAY_INSTANCE_QUEUE];

/**
 * Gateway clean-up after an agent is deleted. A worker has no HTTP socket of its own, so the
 * built-in simulator is reached under PUBLIC_URL (createGatewayClient without an app).
 */
export async function registerGatewayCleanupJobs(
  boss: PgBoss,
  ctx: AppContext,
  logger: FastifyBaseLogger,
) {
  const gateway = createGatewayClient(ctx, undefined, {
    timeoutMs: ctx.config.EVOLUTION_TIMEOUT_MS,
  });
  await boss.work<{ instanceName: string }>(
    DELETE_GATEWAY_INSTANCE_QUEUE,
    { pollingIntervalSeconds: 1 },
    async ([job]) => {
      if (!job) return;
      try {
        await runGatewayDelete(gateway, job.data.instanceName);
        logger.info({ instance: job.data.instanceName }, 'gateway instance deleted');
      } catch (err) {
        logger.warn(
          { err, instance: job.data.instanceName, retry: job.retryCount },
          'gateway instance delete failed; will retry',
        );
        throw err;
      }
    },
  );
}
