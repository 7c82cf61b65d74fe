import type { AppContext } from '../../../app-context';
import { EvolutionClient } from '../../../adapters/gateway/evolution-client';
import { createGatewayClient, guardedGatewayFetch } from '../../../adapters/gateway/gateway-client';
import { registryGateway } from './store/store-instances';
import type { PipelineTarget } from '../../conversations';

/**
 * The gateway a target's replies go through: for an agent's instance the operator's gateway, or
 * the built-in simulator (reached through `ctx.httpApp` when this process serves HTTP, else at
 * PUBLIC_URL); for a registry instance the registered gateway's own URL and key.
 */
export async function gatewayFor(
  ctx: AppContext,
  target: PipelineTarget,
): Promise<EvolutionClient> {
  if (target.kind === 'agent') return createGatewayClient(ctx, ctx.httpApp ?? undefined);
  const row = await registryGateway(ctx.database.db, target.id);
  if (!row) throw new Error(`gateway instance ${target.id} is gone`);
  return new EvolutionClient({
    baseUrl: row.url.replace(/\/+$/, ''),
    apiKey: row.apiKey ? ctx.secrets.decrypt(row.apiKey) : '',
    fetch: guardedGatewayFetch(ctx.config.OUTBOUND_ALLOW_PRIVATE),
  });
}
