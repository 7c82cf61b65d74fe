import type { AppContext } from '../../app-context';
import type { EvolutionClient } from '../../adapters/gateway/evolution-client';
import { createGatewayClient } from '../../adapters/gateway/gateway-client';
import type { AppDb } from '../../db/client';
import { deleteAtGateway } from './instance-gateway';
import { findInstanceOfAgent } from './instance.repo';

/** pg-boss queue: delete an agent's instance at the gateway after the agent is gone. */
export const DELETE_GATEWAY_INSTANCE_QUEUE = 'whatsapp-delete-gateway-instance';
/** About an hour of attempts with exponential backoff (10 s, 20 s, 40 s … capped at 15 min). */
export const DELETE_GATEWAY_INSTANCE_RETRIES = 8;

/** The gateway name of the agent's instance, read before the agent (and its row) is deleted. */
export async function instanceNameOfAgent(
  db: AppDb,
  ownerId: number,
  agentId: number,
): Promise<string | null> {
  return (await findInstanceOfAgent(db, ownerId, agentId))?.instanceName ?? null;
}

/**
 * Before an agent is deleted: its instance's gateway name, read while the row still exists, and
 * what to do once the agent is gone (queue the gateway-side delete).
 */
export async function prepareAgentDeletion(
  ctx: AppContext,
  ownerId: number,
  agentId: number,
): Promise<() => Promise<void>> {
  const instanceName = await instanceNameOfAgent(ctx.database.db, ownerId, agentId);
  return async () => {
    if (instanceName) await scheduleGatewayDelete(ctx, instanceName);
  };
}

/**
 * Queues the gateway-side delete, so deleting an agent never waits on (or fails with) a gateway
 * outage; the job retries with backoff. Without a job runner (tests that run none) it is tried
 * once in the background.
 */
export async function scheduleGatewayDelete(ctx: AppContext, instanceName: string): Promise<void> {
  if (!ctx.jobs) {
    const gateway = createGatewayClient(ctx, undefined, {
      timeoutMs: ctx.config.EVOLUTION_TIMEOUT_MS,
    });
    void deleteAtGateway(gateway, instanceName).catch(() => undefined);
    return;
  }
  await ctx.jobs.boss.send(
    DELETE_GATEWAY_INSTANCE_QUEUE,
    { instanceName },
    {
      retryLimit: DELETE_GATEWAY_INSTANCE_RETRIES,
      retryDelay: 10,
      retryBackoff: true,
      retryDelayMax: 900,
      singletonKey: instanceName,
      expireInSeconds: 120,
    },
  );
}

/** The job: log out and delete, "not connected" and "already gone" count as done. */
export async function runGatewayDelete(gateway: EvolutionClient, instanceName: string) {
  await deleteAtGateway(gateway, instanceName);
}
