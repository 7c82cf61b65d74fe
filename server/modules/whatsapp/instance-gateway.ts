import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../app-context';
import type { EvolutionClient, WebhookConfig } from '../../adapters/gateway/evolution-client';
import { SUBSCRIBED_EVENTS } from '../../adapters/gateway/evolution-events';
import type { GatewayQr } from '../../adapters/gateway/evolution-responses';
import { GatewayError } from '../../adapters/gateway/gateway-error';
import { AppError } from '../../lib/errors';
import { translate, type Language } from '../../lib/i18n';
import { WEBHOOK_SECRET_HEADER, webhookUrl } from './whatsapp-shared';

/** A fresh per-instance webhook secret (sent back by the gateway in WEBHOOK_SECRET_HEADER). */
export function newWebhookSecret(): string {
  return randomBytes(24).toString('base64url');
}

/** A unique gateway instance name for an agent: readable in the gateway's manager, unguessable. */
export function newInstanceName(agentId: number): string {
  return `agente-${agentId}-${randomBytes(4).toString('hex')}`;
}

/**
 * The webhook every per-agent instance registers (inline at create, again by enable-monitoring):
 * our URL under PUBLIC_URL, the secret as a header (the gateway signs no webhook body), media
 * inline as base64 in the message delivery, one URL for all events, and only the events the
 * pipeline handles.
 */
export function instanceWebhook(ctx: AppContext, secret: string): WebhookConfig {
  return {
    url: webhookUrl(ctx),
    headers: { [WEBHOOK_SECRET_HEADER]: secret },
    base64: true,
    byEvents: false,
    events: SUBSCRIBED_EVENTS,
  };
}

/** The gateway's QR as an image source: it sends a data: URL, older builds raw base64. */
export function qrDataUrl(qr: GatewayQr | undefined | null): string | null {
  const base64 = qr?.base64;
  if (!base64) return null;
  return base64.startsWith('data:') ? base64 : `data:image/png;base64,${base64}`;
}

/** A gateway failure as the user-facing error; a time-out is a 504, not a generic 502. */
export function gatewayAppError(err: GatewayError): AppError {
  if (err.code === 'GATEWAY_UNREACHABLE' && err.details.uncertain) {
    return new AppError('GATEWAY_TIMEOUT');
  }
  return err.toAppError();
}

/** Runs a gateway call, turning its failure into a clean translated error for the route. */
export async function viaGateway<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof GatewayError) throw gatewayAppError(err);
    throw err;
  }
}

/** The same failure as text, for answers that report it instead of failing (registry monitor). */
export function gatewayErrorText(err: unknown, lang: Language): string {
  const code = err instanceof GatewayError ? gatewayAppError(err).code : 'GATEWAY_FAILED';
  return translate(`codes.${code}`, lang);
}

/** Whether a failure means "it is already gone", which deletes treat as success. */
export function isGone(err: unknown): boolean {
  return err instanceof GatewayError && err.code === 'GATEWAY_NOT_FOUND';
}

/** Used by the route and by the job that cleans up after an agent is deleted. */
export async function deleteAtGateway(gateway: EvolutionClient, instanceName: string) {
  try {
    await gateway.logout(instanceName);
  } catch (err) {
    if (!isGone(err)) throw err;
    return;
  }
  try {
    await gateway.deleteInstance(instanceName);
  } catch (err) {
    if (!isGone(err)) throw err;
  }
}
