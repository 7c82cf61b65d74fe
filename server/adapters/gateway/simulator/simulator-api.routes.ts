import type { FastifyInstance, FastifyRequest } from 'fastify';
import { guardGlobal, guardInstance, hasGlobalKey, sameSecret } from './simulator-auth';
import type { SimChat } from './simulator-chat.service';
import type { SimContext } from './simulator-context';
import { SimError, unauthorized } from './simulator-errors';
import type { SimInstances } from './simulator-instances.service';
import { parseWebhook, webhookRow } from './simulator-webhook-config';
import * as repo from './simulator.repo';
import type { SimInstance } from './simulator.repo';

export interface SimApiDeps {
  sim: SimContext;
  instances: SimInstances;
  chat: SimChat;
  globalKey: string;
}

type Body = Record<string, unknown>;
const bodyOf = (request: FastifyRequest): Body =>
  request.body && typeof request.body === 'object' ? (request.body as Body) : {};

/**
 * The REST contract of Evolution API v2.3.x: same paths, status codes (POST 201, GET/DELETE 200)
 * and bodies, so the client is tested against real shapes.
 */
export async function simulatorApiRoutes(app: FastifyInstance, deps: SimApiDeps) {
  const { sim, instances, chat, globalKey } = deps;
  const guard = (request: FastifyRequest) => guardInstance(request, sim.db, globalKey);
  const p = '/:instanceName';

  app.get('/', async () => ({
    status: 200,
    message: 'Welcome to the Evolution API simulator, it is working!',
    version: '2.3.7',
    clientName: 'simulator',
    manager: null,
    documentation: 'docs/decisions/0008-built-in-gateway-simulator.md',
    whatsappWebVersion: '2.3000.0',
  }));

  app.post('/instance/create', async (request, reply) => {
    const body = bodyOf(request);
    // An existing name is a 403 before the key is even checked.
    if (
      typeof body.instanceName === 'string' &&
      (await repo.findInstance(sim.db, body.instanceName))
    ) {
      throw new SimError(403, [`This name "${body.instanceName}" is already in use.`]);
    }
    guardGlobal(request, globalKey);
    return reply.status(201).send(await instances.create(body));
  });

  app.get(`/instance/connect${p}`, async (request) => {
    const instance = await guard(request);
    const { number } = request.query as { number?: string };
    try {
      return await instances.connect(instance, number);
    } catch (err) {
      // Connect reports any exception as HTTP 200 {error:true, message}.
      return { error: true, message: err instanceof Error ? err.message : String(err) };
    }
  });

  app.post(`/instance/restart${p}`, async (request) => {
    const instance = await guard(request);
    // Restarting a closed instance (2.3.6) answered 200 {error:true,"[object Object]"} (observed).
    if (instance.state === 'close') return { error: true, message: '[object Object]' };
    return instances.connect(instance);
  });

  app.get(`/instance/connectionState${p}`, async (request) => {
    const instance = await guard(request);
    return { instance: { instanceName: instance.name, state: instance.state } };
  });

  app.get('/instance/fetchInstances', async (request) => {
    const { instanceName } = request.query as { instanceName?: string };
    const key = typeof request.headers.apikey === 'string' ? request.headers.apikey : '';
    const all = await repo.listInstances(sim.db);
    // The global key lists every instance; an instance token only the ones carrying it.
    const visible = hasGlobalKey(request, globalKey)
      ? all
      : all.filter((row) => sameSecret(key, row.token));
    if (visible.length === 0 && !hasGlobalKey(request, globalKey)) throw unauthorized();
    if (instanceName) {
      const match = visible.filter((row) => row.name === instanceName);
      if (match.length === 0) throw new SimError(404, [`Instance "${instanceName}" not found`]);
      return match.map(fetchedRow);
    }
    return visible.map(fetchedRow);
  });

  app.delete(`/instance/logout${p}`, async (request) => instances.logout(await guard(request)));
  app.delete(`/instance/delete${p}`, async (request) => instances.remove(await guard(request)));

  app.post(`/webhook/set${p}`, async (request, reply) => {
    const instance = await guard(request);
    // Missing `events` is a 500 here (a 400 on create); every set overwrites all fields.
    const webhook = parseWebhook(bodyOf(request).webhook, {
      forceEnabled: false,
      missingEventsStatus: 500,
    });
    const row = webhookRow(instance.instanceId, webhook, instance.webhook);
    await repo.updateInstance(sim.db, instance.name, { webhook: row });
    return reply.status(201).send(row);
  });

  app.get(`/webhook/find${p}`, async (request, reply) => {
    const instance = await guard(request);
    // The literal body `null` when none is set.
    return reply.type('application/json').send(JSON.stringify(instance.webhook ?? null));
  });

  const created = (path: string, handler: (i: SimInstance, b: Body) => unknown) =>
    app.post(`${path}${p}`, async (request, reply) => {
      const instance = await guard(request);
      return reply.status(201).send(await handler(instance, bodyOf(request)));
    });
  created('/message/sendText', (i, b) => chat.sendText(i, b));
  created('/message/sendWhatsAppAudio', (i, b) => chat.sendAudio(i, b));
  created('/message/sendMedia', (i, b) => chat.sendMedia(i, b));
  created('/chat/sendPresence', (i, b) => chat.sendPresence(i, b));
  created('/chat/getBase64FromMediaMessage', (i, b) => chat.getBase64(i, b));
  created('/chat/markMessageAsRead', (_i, b) => chat.markRead(b));
}

/** A fetchInstances row (token in clear, no webhook config). */
function fetchedRow(row: SimInstance) {
  return {
    id: row.instanceId,
    name: row.name,
    connectionStatus: row.state,
    ownerJid: row.wuid,
    profileName: row.profileName,
    profilePicUrl: null,
    integration: row.integration,
    number: row.number,
    businessId: null,
    token: row.token,
    clientName: 'simulator',
    disconnectionReasonCode: null,
    disconnectionObject: null,
    disconnectionAt: null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    Setting: null,
    _count: { Message: 0, Contact: 0, Chat: 0 },
  };
}
