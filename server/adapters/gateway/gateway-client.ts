import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { outboundFetch } from '../../lib/outbound';
import { EvolutionClient, type EvolutionClientOptions } from './evolution-client';
import type { GatewayFetch } from './evolution-http';

/** Where the built-in simulator is mounted. */
export const SIMULATOR_PREFIX = '/simulator/evolution';

/**
 * The simulator's global key, derived from APP_SECRET so it is stable across restarts and
 * identical in every process sharing the database, yet never equal to the secret itself.
 */
export function simulatorApiKey(appSecret: string): string {
  return createHmac('sha256', appSecret).update('evolution-simulator-global-key').digest('hex');
}

export function usesSimulator(ctx: AppContext): boolean {
  return !ctx.config.EVOLUTION_API_URL;
}

/**
 * The simulator's base URL as this process can reach it: the socket it listens on (loopback when
 * bound to all interfaces), falling back to PUBLIC_URL before `listen`.
 */
export function simulatorBaseUrl(ctx: AppContext, app?: FastifyInstance): string {
  const address = app?.server.address();
  if (address && typeof address === 'object') {
    const wildcard = address.address === '0.0.0.0' || address.address === '::';
    const host = wildcard ? '127.0.0.1' : address.address;
    const hostPart = host.includes(':') ? `[${host}]` : host;
    return `http://${hostPart}:${address.port}${SIMULATOR_PREFIX}`;
  }
  return `${ctx.config.PUBLIC_URL}${SIMULATOR_PREFIX}`;
}

/**
 * The operator's gateway: EVOLUTION_API_URL/EVOLUTION_API_KEY when set (trusted, plain fetch: URLs
 * the operator sets skip the SSRF guard), otherwise the built-in simulator of this app. Pass `app`
 * so the simulator is reached on the listening socket (its address is resolved per call, after
 * `listen`).
 */
export function createGatewayClient(
  ctx: AppContext,
  app?: FastifyInstance,
  overrides: Partial<EvolutionClientOptions> = {},
): EvolutionClient {
  const { EVOLUTION_API_URL, EVOLUTION_API_KEY } = ctx.config;
  if (EVOLUTION_API_URL) {
    return new EvolutionClient({
      baseUrl: EVOLUTION_API_URL,
      apiKey: EVOLUTION_API_KEY ?? '',
      ...overrides,
    });
  }
  return new EvolutionClient({
    baseUrl: () => simulatorBaseUrl(ctx, app),
    apiKey: simulatorApiKey(ctx.appSecret),
    ...overrides,
  });
}

/** A fetch for gateways a user registered by URL: goes through the SSRF guard. */
export function guardedGatewayFetch(allowPrivate: boolean): GatewayFetch {
  return (url, init) => outboundFetch(url, init, { allowPrivate });
}
