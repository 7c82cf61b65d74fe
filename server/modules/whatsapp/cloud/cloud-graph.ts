import { createHmac } from 'node:crypto';
import type { AppContext } from '../../../app-context';
import { SIMULATOR_PREFIX, simulatorBaseUrl } from '../../../adapters/gateway/gateway-client';
import { GraphClient } from '../../../adapters/whatsapp-cloud/graph-client';

/**
 * Where the official Cloud API is reached and with which secrets: Meta's Graph API (the version
 * pinned here unless GRAPH_API_URL says another), any fake GRAPH_API_URL points at (tests), or —
 * with no Meta app configured at all — the built-in simulator that plays Meta on this server, so
 * the whole flow works offline like the QR code's does.
 */

/** Meta's Graph API, at the version our webhook shapes were checked against (reference §0). */
export const GRAPH_DEFAULT_URL = 'https://graph.facebook.com/v25.0';
/** Where the built-in simulator of the Graph API is mounted. */
export const GRAPH_SIMULATOR_PREFIX = '/simulator/graph';
const SIMULATOR_VERSION = 'v25.0';

/** No Meta app and no Graph URL configured: the built-in simulator plays Meta. */
export function usesCloudSimulator(ctx: AppContext): boolean {
  return !ctx.config.META_APP_ID && !ctx.config.GRAPH_API_URL;
}

/** This server's own origin as this process reaches it (the simulator lives there). */
export function ownOrigin(ctx: AppContext): string {
  const evolution = simulatorBaseUrl(ctx, ctx.httpApp ?? undefined);
  return evolution.slice(0, -SIMULATOR_PREFIX.length);
}

/** The Graph API's base URL, version included, without a trailing slash. */
export function graphBaseUrl(ctx: AppContext): string {
  if (ctx.config.GRAPH_API_URL) return ctx.config.GRAPH_API_URL.replace(/\/+$/, '');
  if (usesCloudSimulator(ctx))
    return `${ownOrigin(ctx)}${GRAPH_SIMULATOR_PREFIX}/${SIMULATOR_VERSION}`;
  return GRAPH_DEFAULT_URL;
}

/** The version in the Graph URL (the JS SDK is initialised with the same). */
export function graphVersion(ctx: AppContext): string {
  return /\/(v\d+\.\d+)$/.exec(graphBaseUrl(ctx))?.[1] ?? SIMULATOR_VERSION;
}

/**
 * The secret Meta signs webhooks with: META_APP_SECRET, or the simulator's own (derived from the
 * app's secret, so every process agrees and it never equals the secret); null when a Meta app is
 * configured without its secret — then every webhook is refused.
 */
export function cloudAppSecret(ctx: AppContext): string | null {
  if (ctx.config.META_APP_SECRET) return ctx.config.META_APP_SECRET;
  if (usesCloudSimulator(ctx)) {
    return createHmac('sha256', ctx.appSecret).update('graph-simulator-app-secret').digest('hex');
  }
  return null;
}

/** The token Meta's webhook handshake must present (META_VERIFY_TOKEN; the simulator's own). */
export function cloudVerifyToken(ctx: AppContext): string | null {
  if (ctx.config.META_VERIFY_TOKEN) return ctx.config.META_VERIFY_TOKEN;
  if (usesCloudSimulator(ctx)) {
    return createHmac('sha256', ctx.appSecret).update('graph-simulator-verify').digest('hex');
  }
  return null;
}

/** Embedded Signup as configured, or null (the manual form and the simulator remain). */
export function signupConfig(ctx: AppContext) {
  const { META_APP_ID, META_CONFIG_ID, META_APP_SECRET } = ctx.config;
  if (!META_APP_ID || !META_CONFIG_ID || !META_APP_SECRET) return null;
  return { appId: META_APP_ID, configId: META_CONFIG_ID, appSecret: META_APP_SECRET };
}

/** A Graph client with a number's (sealed) business token. */
export function graphClientFor(ctx: AppContext, number: { accessToken: string }): GraphClient {
  return new GraphClient({
    baseUrl: graphBaseUrl(ctx),
    accessToken: ctx.secrets.decrypt(number.accessToken),
  });
}

/** A Graph client with a token not stored yet (connecting). */
export function graphClientWith(ctx: AppContext, accessToken: string): GraphClient {
  return new GraphClient({ baseUrl: graphBaseUrl(ctx), accessToken });
}
