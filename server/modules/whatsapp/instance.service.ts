import {
  createWhatsappInstanceSchema,
  type WhatsappDeleteResponse,
  type WhatsappInstanceView,
  type WhatsappMonitoringResponse,
  type WhatsappQrResponse,
} from '@common/schemas/whatsapp';
import type { AppContext } from '../../app-context';
import type { EvolutionClient } from '../../adapters/gateway/evolution-client';
import { GatewayError } from '../../adapters/gateway/gateway-error';
import { usesSimulator } from '../../adapters/gateway/gateway-client';
import type { AppDb } from '../../db/client';
import { uniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { getAgent } from '../agents';
import { notifyOwnerQuietly } from '../notifications';
import {
  instanceWebhook,
  deleteAtGateway,
  newInstanceName,
  newWebhookSecret,
  qrDataUrl,
  viaGateway,
} from './instance-gateway';
import { cloudNumberOfAgent } from './cloud/cloud-numbers.repo';
import * as repo from './instance.repo';
import { jidUser } from './phone';
import { isConnectedStatus, statusFromGatewayState } from './whatsapp-shared';

/** What every instance action needs: the app context and the operator's gateway (or simulator). */
export interface InstanceDeps {
  ctx: AppContext;
  gateway: EvolutionClient;
}

export const REMOVED_MESSAGE = 'Instância removida com sucesso';
export const NOTHING_TO_REMOVE_MESSAGE = 'Nenhuma instância encontrada para este agente';
export const MONITORING_MESSAGE = 'Monitoramento ativado: o webhook de mensagens foi configurado';

export function toView(ctx: AppContext, row: repo.WhatsappInstanceRow | undefined) {
  const view: WhatsappInstanceView = {
    hasInstance: Boolean(row),
    status: row?.status ?? null,
    qrCode: row?.qrCode ?? null,
    instanceName: row?.instanceName ?? null,
    phoneNumber: row?.phoneNumber ?? null,
    createdAt: row?.createdAt.toISOString() ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    connectedNumber: row?.connectedJid ? jidUser(row.connectedJid) : null,
    // Carried by the status itself, so "Tempo conectado" counts from it the moment it says
    // connected, without waiting for the figures to be read again.
    connectedAt:
      row && isConnectedStatus(row.status) ? (row.connectedAt?.toISOString() ?? null) : null,
    simulator: usesSimulator(ctx),
  };
  return view;
}

/** The owner's agent (404 otherwise) and its instance, if any. */
async function load(db: AppDb, ownerId: number, agentId: number) {
  const agent = await getAgent(db, ownerId, agentId);
  return { agent, row: await repo.findInstanceOfAgent(db, ownerId, agent.id) };
}

async function requireInstance(db: AppDb, ownerId: number, agentId: number) {
  const { row } = await load(db, ownerId, agentId);
  if (!row) throw new AppError('WHATSAPP_INSTANCE_NOT_FOUND');
  return row;
}

export async function getInstanceView(ctx: AppContext, ownerId: number, agentId: number) {
  return toView(ctx, (await load(ctx.database.db, ownerId, agentId)).row);
}

/**
 * Stores a new status and, when it differs from the stored one, a `connection` event {from, to}.
 * The update is conditional on the status read, so a webhook changing it at the same moment is
 * not recorded twice. Becoming CONNECTED stamps `connectedAt` and drops the used QR code.
 */
export async function applyStatus(
  db: AppDb,
  row: repo.WhatsappInstanceRow,
  to: string,
  changes: repo.InstanceChanges = {},
): Promise<repo.WhatsappInstanceRow> {
  if (to === row.status) {
    return Object.keys(changes).length ? repo.updateInstance(db, row.id, changes) : row;
  }
  const connected = isConnectedStatus(to);
  const extra: repo.InstanceChanges = {
    ...(connected ? { qrCode: null, connectedAt: new Date() } : {}),
    ...changes,
  };
  const updated = await repo.updateStatusIfUnchanged(db, row.id, row.status, to, extra);
  if (!updated) return (await repo.findInstanceById(db, row.id)) ?? row;
  await repo.insertEvent(db, {
    instanceName: row.instanceName,
    agentId: row.agentId,
    type: 'connection',
    // `status` is the field webhook-recorded connection events carry too.
    detail: { from: row.status, to, status: to },
  });
  return updated;
}

/** The number that scanned the QR (the gateway's ownerJid); a failure here is not fatal. */
async function ownerJid(gateway: EvolutionClient, instanceName: string): Promise<string | null> {
  try {
    const [found] = await gateway.fetchInstances({ instanceName });
    return found?.ownerJid ?? null;
  } catch {
    return null;
  }
}

export async function createInstance(
  { ctx, gateway }: InstanceDeps,
  ownerId: number,
  agentId: number,
  input: unknown,
): Promise<WhatsappInstanceView> {
  const db = ctx.database.db;
  // The agent first: another owner's agent is a 404 whatever the body says.
  const { agent, row: existing } = await load(db, ownerId, agentId);
  const { phoneNumber } = parseInput(createWhatsappInstanceSchema, input);
  if (existing) throw new AppError('WHATSAPP_INSTANCE_EXISTS');
  // One number per agent: an official one connected is disconnected first.
  if (await cloudNumberOfAgent(db, ownerId, agent.id)) {
    throw new AppError('WHATSAPP_ALREADY_CONNECTED');
  }

  const instanceName = newInstanceName(agent.id);
  const secret = newWebhookSecret();
  const webhook = instanceWebhook(ctx, secret);
  const qr = await viaGateway(async () => {
    try {
      return (await gateway.createInstance({ instanceName, webhook, qrcode: true })).qr;
    } catch (err) {
      // The name is ours and random: "in use" means an attempt that timed out did create it.
      if (!(err instanceof GatewayError) || err.code !== 'GATEWAY_INSTANCE_EXISTS') throw err;
      await gateway.setWebhook(instanceName, webhook);
      const connected = await gateway.connect(instanceName);
      return connected.state === 'connecting' ? connected.qr : undefined;
    }
  });
  const qrCode = qrDataUrl(qr);
  try {
    const row = await repo.insertInstance(db, {
      agentId: agent.id,
      instanceName,
      phoneNumber,
      status: qrCode ? 'AWAITING_QR_SCAN' : 'CREATED',
      qrCode,
      webhookSecret: ctx.secrets.encrypt(secret),
    });
    return toView(ctx, row);
  } catch (err) {
    // Two creations at once for one agent: the loser removes what it made at the gateway.
    if (!uniqueViolation(err)) throw err;
    await gateway.deleteInstance(instanceName).catch(() => undefined);
    throw new AppError('WHATSAPP_INSTANCE_EXISTS');
  }
}

/** A new QR code (or CONNECTED when the phone is already linked). */
export async function connectInstance(
  { ctx, gateway }: InstanceDeps,
  ownerId: number,
  agentId: number,
): Promise<WhatsappInstanceView> {
  const db = ctx.database.db;
  const row = await requireInstance(db, ownerId, agentId);
  const result = await viaGateway(() => gateway.connect(row.instanceName));
  if (result.state === 'open') {
    const jid = row.connectedJid ?? (await ownerJid(gateway, row.instanceName));
    return toView(ctx, await applyStatus(db, row, 'CONNECTED', { connectedJid: jid }));
  }
  const qrCode = qrDataUrl(result.qr);
  return toView(
    ctx,
    await applyStatus(db, row, statusFromGatewayState('connecting', Boolean(qrCode)), { qrCode }),
  );
}

/** Reads the live state at the gateway and stores it as one of our status values. */
export async function refreshStatus(
  { ctx, gateway }: InstanceDeps,
  ownerId: number,
  agentId: number,
): Promise<WhatsappInstanceView> {
  const db = ctx.database.db;
  const row = await requireInstance(db, ownerId, agentId);
  const state = await viaGateway(() => gateway.connectionState(row.instanceName));
  const to = statusFromGatewayState(state, Boolean(row.qrCode));
  if (isConnectedStatus(to) && !isConnectedStatus(row.status)) {
    const jid = await ownerJid(gateway, row.instanceName);
    return toView(ctx, await applyStatus(db, row, to, { connectedJid: jid ?? row.connectedJid }));
  }
  // A closed session's QR can no longer be scanned.
  const changes: repo.InstanceChanges = to === 'DISCONNECTED' ? { qrCode: null } : {};
  const updated = await applyStatus(db, row, to, changes);
  if (isConnectedStatus(row.status) && !isConnectedStatus(to) && updated.status === to) {
    const agent = await getAgent(db, ownerId, agentId);
    await notifyOwnerQuietly(ctx, ownerId, {
      kind: 'whatsapp-disconnected',
      agentId,
      subject: agent.name,
    });
  }
  return toView(ctx, updated);
}

export async function fetchQr(
  deps: InstanceDeps,
  ownerId: number,
  agentId: number,
): Promise<WhatsappQrResponse> {
  const db = deps.ctx.database.db;
  const row = await requireInstance(db, ownerId, agentId);
  if (isConnectedStatus(row.status)) return { qrCode: null, status: row.status };
  if (row.qrCode) {
    // A stored QR means a scan is awaited, whatever a `connecting` update without one said.
    const pending = row.status === 'PENDING' || row.status === 'CREATED';
    const current = pending ? await applyStatus(db, row, 'AWAITING_QR_SCAN') : row;
    return { qrCode: current.qrCode, status: current.status };
  }
  const view = await connectInstance(deps, ownerId, agentId);
  if (!view.qrCode && !isConnectedStatus(view.status))
    throw new AppError('WHATSAPP_QR_UNAVAILABLE');
  return { qrCode: view.qrCode, status: view.status };
}

/** The stored secret, or a new one when none can be read (e.g. APP_SECRET was replaced). */
async function secretOf(ctx: AppContext, row: repo.WhatsappInstanceRow) {
  if (row.webhookSecret) {
    try {
      return { secret: ctx.secrets.decrypt(row.webhookSecret), fresh: false };
    } catch {
      // unreadable: fall through to a new one
    }
  }
  return { secret: newWebhookSecret(), fresh: true };
}

/** 'Ativar Monitoramento': registers the same webhook again with /webhook/set. */
export async function enableMonitoring(
  { ctx, gateway }: InstanceDeps,
  ownerId: number,
  agentId: number,
): Promise<WhatsappMonitoringResponse> {
  const db = ctx.database.db;
  const row = await requireInstance(db, ownerId, agentId);
  const { secret, fresh } = await secretOf(ctx, row);
  const stored = await viaGateway(() =>
    gateway.setWebhook(row.instanceName, instanceWebhook(ctx, secret)),
  );
  if (fresh) await repo.updateInstance(db, row.id, { webhookSecret: ctx.secrets.encrypt(secret) });
  return {
    message: MONITORING_MESSAGE,
    webhook: { url: stored.url, events: stored.events, enabled: stored.enabled },
  };
}

/** Logs out (nothing to log out is fine), deletes at the gateway (already gone is fine), forgets. */
export async function removeInstance(
  { ctx, gateway }: InstanceDeps,
  ownerId: number,
  agentId: number,
): Promise<WhatsappDeleteResponse> {
  const db = ctx.database.db;
  const { row } = await load(db, ownerId, agentId);
  if (!row) return { message: NOTHING_TO_REMOVE_MESSAGE, removed: false };
  await viaGateway(() => deleteAtGateway(gateway, row.instanceName));
  await repo.deleteInstance(db, row.id);
  return { message: REMOVED_MESSAGE, removed: true };
}
