import {
  evolutionInstanceSchema,
  type EvolutionInstanceMonitor,
  type EvolutionInstanceUpdateResponse,
  type EvolutionInstanceView,
} from '@common/schemas/whatsapp';
import type { AppContext } from '../../../app-context';
import { EvolutionClient } from '../../../adapters/gateway/evolution-client';
import { SUBSCRIBED_EVENTS } from '../../../adapters/gateway/evolution-events';
import { guardedGatewayFetch } from '../../../adapters/gateway/gateway-client';
import type { AppDb } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import { translate, type Language } from '../../../lib/i18n';
import { parseInput } from '../../../lib/validate';
import { getAgent } from '../../agents';
import { gatewayErrorText, newWebhookSecret } from '../instance-gateway';
import { toEventView } from '../stats.service';
import { WEBHOOK_SECRET_HEADER, webhookUrl } from '../whatsapp-shared';
import * as repo from './evolution-instances.repo';
import { openSecret, registryEvents, sealSecret } from './webhook-defaults.service';

export const MONITOR_EVENTS_LIMIT = 20;

/** Enough to recognise a key, never enough to use it; short keys get no hint at all. */
function keyHint(plain: string | null): string | null {
  return plain && plain.length >= 8 ? plain.slice(-4) : null;
}

export function toView(ctx: AppContext, row: repo.RegistryRow): EvolutionInstanceView {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    instanceId: row.instanceId,
    apiKeySet: Boolean(row.apiKey),
    apiKeyHint: keyHint(openSecret(ctx, row.apiKey)),
    status: row.status,
    webhookUrl: row.webhookUrl,
    webhookSecretSet: Boolean(row.webhookSecret),
    webhookEvents: row.webhookEvents,
    connectedAgentId: row.connectedAgentId,
    connectedAgentName: row.connectedAgentName,
    qrCode: row.qrCode,
    phoneNumber: row.phoneNumber,
    lastActivity: row.lastActivity?.toISOString() ?? null,
    connectionData: row.connectionData ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listRegistry(ctx: AppContext, ownerId: number) {
  return (await repo.listInstances(ctx.database.db, ownerId)).map((row) => toView(ctx, row));
}

async function requireRow(db: AppDb, ownerId: number, id: number) {
  const row = await repo.findInstance(db, ownerId, id);
  if (!row) throw new AppError('EVOLUTION_INSTANCE_NOT_FOUND');
  return row;
}

/** A linked agent must be one of the owner's; anything else is a field error, not a 404. */
async function checkAgent(db: AppDb, ownerId: number, agentId: number | null | undefined) {
  if (agentId === null || agentId === undefined) return;
  try {
    await getAgent(db, ownerId, agentId);
  } catch (err) {
    if (err instanceof AppError && err.code === 'AGENT_NOT_FOUND') {
      throw new AppError('VALIDATION', {
        fieldErrors: { connectedAgentId: ['evolution.agentInvalid'] },
      });
    }
    throw err;
  }
}

const present = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value !== '';

/** POST: webhook fields left out take the owner's defaults (the Webhooks tab). */
export async function createRegistryInstance(ctx: AppContext, ownerId: number, input: unknown) {
  const db = ctx.database.db;
  const data = parseInput(evolutionInstanceSchema, input);
  const events = data.webhookEvents === undefined ? undefined : registryEvents(data.webhookEvents);
  await checkAgent(db, ownerId, data.connectedAgentId);
  const defaults = await repo.findWebhookDefaults(db, ownerId);
  // Every registered instance gets a secret: deliveries are only accepted with one.
  const secret = present(data.webhookSecret)
    ? data.webhookSecret
    : (openSecret(ctx, defaults?.secret ?? null) ?? newWebhookSecret());
  const id = await repo.insertInstance(db, ownerId, {
    name: data.name,
    url: data.url,
    instanceId: data.instanceId,
    apiKey: present(data.apiKey) ? sealSecret(ctx, data.apiKey) : null,
    status: present(data.status) ? data.status : 'inactive',
    webhookUrl: data.webhookUrl ?? defaults?.url ?? null,
    webhookSecret: sealSecret(ctx, secret),
    webhookEvents: events?.length ? events : (defaults?.events ?? []),
    connectedAgentId: data.connectedAgentId ?? null,
    qrCode: data.qrCode ?? null,
    phoneNumber: data.phoneNumber ?? null,
    connectionData: data.connectionData ?? null,
  });
  return toView(ctx, await requireRow(db, ownerId, id));
}

/**
 * PUT (Configure): saves the edit — an absent or empty API key or secret keeps the stored one —
 * then applies the webhook at that gateway. A refusal there does not undo the edit; the answer
 * says so in `webhookApplied` / `webhookError`.
 */
export async function updateRegistryInstance(
  ctx: AppContext,
  ownerId: number,
  id: number,
  input: unknown,
  lang: Language,
): Promise<EvolutionInstanceUpdateResponse> {
  const db = ctx.database.db;
  const before = await requireRow(db, ownerId, id);
  const data = parseInput(evolutionInstanceSchema, input);
  const events = data.webhookEvents === undefined ? undefined : registryEvents(data.webhookEvents);
  await checkAgent(db, ownerId, data.connectedAgentId);
  const secret = present(data.webhookSecret)
    ? data.webhookSecret
    : (openSecret(ctx, before.webhookSecret) ?? newWebhookSecret());
  await repo.updateInstance(db, ownerId, id, {
    name: data.name,
    url: data.url,
    instanceId: data.instanceId,
    ...(present(data.apiKey) ? { apiKey: sealSecret(ctx, data.apiKey) } : {}),
    ...(present(data.status) ? { status: data.status } : {}),
    ...(data.webhookUrl !== undefined ? { webhookUrl: data.webhookUrl } : {}),
    webhookSecret: sealSecret(ctx, secret),
    ...(events !== undefined ? { webhookEvents: events } : {}),
    ...(data.connectedAgentId !== undefined ? { connectedAgentId: data.connectedAgentId } : {}),
    ...(data.qrCode !== undefined ? { qrCode: data.qrCode } : {}),
    ...(data.phoneNumber !== undefined ? { phoneNumber: data.phoneNumber } : {}),
    ...(data.connectionData !== undefined ? { connectionData: data.connectionData } : {}),
  });
  const row = await requireRow(db, ownerId, id);
  const applied = await applyWebhook(ctx, row, secret, lang);
  return { ...toView(ctx, row), webhookApplied: applied.ok, webhookError: applied.error };
}

/** A client for the gateway the user registered: its URL and key, through the SSRF guard. */
function registryClient(ctx: AppContext, row: repo.RegistryRow, apiKey: string) {
  return new EvolutionClient({
    baseUrl: row.url,
    apiKey,
    fetch: guardedGatewayFetch(ctx.config.OUTBOUND_ALLOW_PRIVATE),
    timeoutMs: ctx.config.EVOLUTION_TIMEOUT_MS,
    retry: { attempts: 2, baseDelayMs: 300, maxDelayMs: 1000 },
  });
}

async function applyWebhook(
  ctx: AppContext,
  row: repo.RegistryRow,
  secret: string,
  lang: Language,
): Promise<{ ok: boolean; error: string | null }> {
  const apiKey = openSecret(ctx, row.apiKey);
  if (!apiKey) return { ok: false, error: translate('evolution.apiKeyMissing', lang) };
  const stored = registryEvents(row.webhookEvents);
  try {
    await registryClient(ctx, row, apiKey).setWebhook(row.instanceId, {
      url: row.webhookUrl ?? webhookUrl(ctx),
      headers: { [WEBHOOK_SECRET_HEADER]: secret },
      base64: true,
      byEvents: false,
      events: stored.length ? stored : SUBSCRIBED_EVENTS,
    });
    return { ok: true, error: null };
  } catch (err) {
    return { ok: false, error: gatewayErrorText(err, lang) };
  }
}

export async function deleteRegistryInstance(ctx: AppContext, ownerId: number, id: number) {
  if (!(await repo.deleteInstance(ctx.database.db, ownerId, id))) {
    throw new AppError('EVOLUTION_INSTANCE_NOT_FOUND');
  }
}

/** Monitor: the live state read from that gateway (its failure as text) and recent events. */
export async function monitorRegistryInstance(
  ctx: AppContext,
  ownerId: number,
  id: number,
  lang: Language,
): Promise<EvolutionInstanceMonitor> {
  const db = ctx.database.db;
  const row = await requireRow(db, ownerId, id);
  const events = (await repo.latestEvents(db, ownerId, row.instanceId, MONITOR_EVENTS_LIMIT)).map(
    toEventView,
  );
  const apiKey = openSecret(ctx, row.apiKey);
  if (!apiKey) return { state: null, error: translate('evolution.apiKeyMissing', lang), events };
  try {
    const state = await registryClient(ctx, row, apiKey).connectionState(row.instanceId);
    return { state, error: null, events };
  } catch (err) {
    return { state: null, error: gatewayErrorText(err, lang), events };
  }
}
