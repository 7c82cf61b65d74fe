import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { EvolutionClient } from '../../../adapters/gateway/evolution-client';
import { createGatewayClient, guardedGatewayFetch } from '../../../adapters/gateway/gateway-client';
import { evolutionInstances } from '../../../db/schema';
import type { PipelineTarget } from './pipeline-store';

/**
 * The gateway a target's replies go through. The built-in simulator is reached on this process's
 * listening socket when it serves HTTP (ROLE=all), else at PUBLIC_URL (ROLE=worker).
 */
const apps = new WeakMap<AppContext, FastifyInstance>();

export function setPipelineApp(ctx: AppContext, app: FastifyInstance) {
  apps.set(ctx, app);
}

export async function gatewayFor(
  ctx: AppContext,
  target: PipelineTarget,
): Promise<EvolutionClient> {
  if (target.kind === 'agent') return createGatewayClient(ctx, apps.get(ctx));
  const rows = await ctx.database.db
    .select({ url: evolutionInstances.url, apiKey: evolutionInstances.apiKey })
    .from(evolutionInstances)
    .where(eq(evolutionInstances.id, target.id))
    .limit(1);
  const row = rows[0];
  if (!row) throw new Error(`gateway instance ${target.id} is gone`);
  return new EvolutionClient({
    baseUrl: row.url.replace(/\/+$/, ''),
    apiKey: row.apiKey ? ctx.secrets.decrypt(row.apiKey) : '',
    fetch: guardedGatewayFetch(ctx.config.OUTBOUND_ALLOW_PRIVATE),
  });
}
