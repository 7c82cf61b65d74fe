import type { AppContext } from '../../../app-context';
import { EvolutionClient } from '../../../adapters/gateway/evolution-client';
import { createGatewayClient, guardedGatewayFetch } from '../../../adapters/gateway/gateway-client';
import { evolutionInstances } from '../../../db/schema';
import { eq } from 'drizzle-orm';
import type { PipelineTarget } from './pipeline-store';

/**
 * The gateway a target's replies go through: the operator's gateway (or the built-in simulator,
 * reached through `ctx.httpApp` when this process serves HTTP, else at PUBLIC_URL) for an agent's
 * instance; the registered gateway's own URL and key for a registry instance.
 */
export async function gatewayFor(
  ctx: AppContext,
  target: PipelineTarget,
): Promise<EvolutionClient> {
  if (target.kind === 'agent') return createGatewayClient(ctx, ctx.httpApp ?? undefined);
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
