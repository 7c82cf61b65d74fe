import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { hasGlobalKey } from './simulator-auth';
import type { SimChat } from './simulator-chat.service';
import type { SimContext } from './simulator-context';
import { AppError } from '../../../lib/errors';
import { parseInput } from '../../../lib/validate';
import type { SimFaults } from './simulator-faults';
import type { SimInstances } from './simulator-instances.service';
import type { StoredWebhook } from './simulator-webhooks';
import * as repo from './simulator.repo';

export interface SimControlDeps {
  sim: SimContext;
  instances: SimInstances;
  chat: SimChat;
  faults: SimFaults;
  globalKey: string;
  publicUrl: string;
}

const media = z.object({ base64: z.string().min(1), mimetype: z.string().optional() });
const inboundSchema = z.object({
  from: z.string().regex(/^\+?[\d\s()-]{8,20}$/, 'billing.phoneInvalid'),
  text: z.string().optional(),
  audio: media.extend({ seconds: z.number().int().positive().optional() }).optional(),
  image: media.extend({ caption: z.string().optional() }).optional(),
  pushName: z.string().max(100).optional(),
  lid: z.boolean().optional(),
  fromMe: z.boolean().optional(),
  group: z
    .string()
    .regex(/^\d{10,30}$/)
    .optional(),
  copies: z.number().int().min(1).max(5).optional(),
  delayMs: z.number().int().min(0).max(60_000).optional(),
});
const readSchema = z.object({
  number: z.string().regex(/^\+?[\d\s()-]{8,20}$/, 'billing.phoneInvalid'),
});
const scanSchema = z.object({
  number: z
    .string()
    .regex(/^\d{10,15}$/)
    .optional(),
  profileName: z.string().max(100).optional(),
});
const disconnectSchema = z.object({
  statusReason: z.enum(['401', '402', '403', '406']).optional(),
});
const settingsSchema = z.object({
  qrRotationMs: z.number().int().min(50).optional(),
  qrLimit: z.number().int().min(1).optional(),
  webhook: z
    .object({
      attempts: z.number().int().min(1).max(20),
      initialDelayMs: z.number().int().min(1),
      maxDelayMs: z.number().int().min(1),
      timeoutMs: z.number().int().min(50),
    })
    .partial()
    .optional(),
});
const faultSchema = z.object({
  match: z.string().min(1),
  status: z.number().int().min(200).max(599),
  body: z.unknown().optional(),
  times: z.number().int().min(1).max(1000).default(1),
});

/** Someone else's instance looks exactly like a missing one. */
const instanceMissing = () => new AppError('SIM_INSTANCE_NOT_FOUND');

/**
 * Simulator controls under `/_sim` — not part of the Evolution contract, so they answer with the
 * app's own error codes and messages. Auth: the global key in
 * the `apikey` header (tests, tools), or the session of the user who owns the instance through
 * an agent's WhatsApp record (the simulator page). Settings, faults and drain: global key only.
 */
export async function simulatorControlRoutes(app: FastifyInstance, deps: SimControlDeps) {
  const { sim, instances, chat, faults, globalKey } = deps;
  const publicOrigin = new URL(deps.publicUrl).origin;

  const admin = (request: FastifyRequest) => {
    if (!hasGlobalKey(request, globalKey)) throw new AppError('UNAUTHENTICATED');
  };
  const load = async (request: FastifyRequest) => {
    const { instanceName } = request.params as { instanceName: string };
    const instance = await repo.findInstance(sim.db, instanceName);
    if (hasGlobalKey(request, globalKey)) {
      if (!instance) throw instanceMissing();
      return instance;
    }
    const userId = request.session.userId;
    if (userId === undefined) throw new AppError('UNAUTHENTICATED');
    // Cookie-authenticated changes must come from our own pages (the /api Origin rule).
    if (request.method !== 'GET' && !sameOrigin(request, publicOrigin)) {
      throw new AppError('FORBIDDEN_ORIGIN');
    }
    if (!instance || (await repo.ownerOfInstance(sim.db, instanceName)) !== userId) {
      throw instanceMissing();
    }
    return instance;
  };

  app.get('/_sim', async (request) => {
    const all = await repo.listInstances(sim.db);
    if (hasGlobalKey(request, globalKey)) return all.map(describe);
    const userId = request.session.userId;
    if (userId === undefined) throw new AppError('UNAUTHENTICATED');
    const owners = await Promise.all(all.map((row) => repo.ownerOfInstance(sim.db, row.name)));
    return all.filter((_row, i) => owners[i] === userId).map(describe);
  });

  app.get('/_sim/:instanceName', async (request) => describe(await load(request)));

  app.post('/_sim/:instanceName/scan', async (request) => {
    const input = parseInput(scanSchema, request.body ?? {});
    return describe(await instances.scan(await load(request), input));
  });

  app.post('/_sim/:instanceName/disconnect', async (request) => {
    const instance = await load(request);
    if (instance.state === 'close') throw new AppError('SIM_INSTANCE_CLOSED');
    const { statusReason } = parseInput(disconnectSchema, request.body ?? {});
    // 401 = the phone unlinked the device (LOGOUT_INSTANCE too); the others are bans/refusals.
    const reason = Number(statusReason ?? 401);
    return describe(await instances.close(instance, reason, reason === 401));
  });

  app.post('/_sim/:instanceName/messages', async (request, reply) => {
    const input = parseInput(inboundSchema, request.body ?? {});
    if (!input.text && !input.audio && !input.image) {
      throw new AppError('VALIDATION', { fieldErrors: { text: ['validation.messageRequired'] } });
    }
    return reply.status(201).send(await chat.inbound(await load(request), input));
  });

  /** The contact opens the chat: what we sent them becomes read (MESSAGES_UPDATE READ). */
  app.post('/_sim/:instanceName/read', async (request) => {
    const { number } = parseInput(readSchema, request.body ?? {});
    return chat.read(await load(request), number);
  });

  app.get('/_sim/:instanceName/messages', async (request) => {
    const { number, after } = request.query as { number?: string; after?: string };
    const afterId = after && /^\d+$/.test(after) ? Number(after) : undefined;
    return chat.messages(await load(request), { number, afterId });
  });

  app.put('/_sim/_settings', async (request) => {
    admin(request);
    const input = parseInput(settingsSchema, request.body ?? {});
    if (input.qrRotationMs) sim.settings.qrRotationMs = input.qrRotationMs;
    if (input.qrLimit) sim.settings.qrLimit = input.qrLimit;
    Object.assign(sim.dispatcher.settings, input.webhook ?? {});
    return { ...sim.settings, webhook: sim.dispatcher.settings };
  });

  app.post('/_sim/_faults', async (request, reply) => {
    admin(request);
    faults.add(parseInput(faultSchema, request.body ?? {}));
    return reply.status(201).send({ pending: faults.size });
  });

  app.delete('/_sim/_faults', async (request) => {
    admin(request);
    faults.clear();
    return { pending: 0 };
  });

  /** Waits until every queued webhook delivery, retries included, has finished. */
  app.post('/_sim/_drain', async (request) => {
    admin(request);
    await sim.dispatcher.drain();
    return { drained: true };
  });
}

function describe(row: repo.SimInstance) {
  const webhook = row.webhook as StoredWebhook | null;
  return {
    instanceName: row.name,
    instanceId: row.instanceId,
    integration: row.integration,
    state: row.state,
    wuid: row.wuid,
    profileName: row.profileName,
    qr: row.qr,
    webhook: webhook
      ? { url: webhook.url, enabled: webhook.enabled, events: webhook.events }
      : null,
    createdAt: row.createdAt.toISOString(),
  };
}

function sameOrigin(request: FastifyRequest, publicOrigin: string): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  const host = request.headers.host;
  return (
    origin === publicOrigin || (host !== undefined && origin === `${request.protocol}://${host}`)
  );
}
