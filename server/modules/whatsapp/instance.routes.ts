import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { createGatewayClient } from '../../adapters/gateway/gateway-client';
import { parseId } from '../../lib/params';
import { requireUserId } from '../auth';
import { whatsappView } from './cloud/cloud-connect.service';
import * as instances from './instance.service';
import { getAgentSettings, saveAgentSettings } from './settings.service';
import { agentActivity, agentStats } from './stats.service';

type IdParams = { Params: { id: string } };

/**
 * An agent's WhatsApp instance (create, connect, status, QR, monitoring, delete), its settings,
 * statistics and activity. Every route starts from the signed-in owner's agent: another user's
 * agent is a 404 and nothing changes.
 */
export async function whatsappInstanceRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const db = ctx.database.db;
  // The operator's gateway, or the built-in simulator reached on this server's own socket.
  const deps: instances.InstanceDeps = {
    ctx,
    gateway: createGatewayClient(ctx, app, { timeoutMs: ctx.config.EVOLUTION_TIMEOUT_MS }),
  };
  const who = (request: { params: { id: string } } & Parameters<typeof requireUserId>[0]) => ({
    ownerId: requireUserId(request),
    agentId: parseId(request.params.id, 'AGENT_NOT_FOUND'),
  });

  app.get<IdParams>('/api/agents/:id/whatsapp', async (request) => {
    const { ownerId, agentId } = who(request);
    return whatsappView(ctx, ownerId, agentId);
  });

  app.post<IdParams>('/api/agents/:id/whatsapp/create-instance', async (request, reply) => {
    const { ownerId, agentId } = who(request);
    const view = await instances.createInstance(deps, ownerId, agentId, request.body ?? {});
    return reply.status(201).send(view);
  });

  app.post<IdParams>('/api/agents/:id/whatsapp/connect', async (request) => {
    const { ownerId, agentId } = who(request);
    return instances.connectInstance(deps, ownerId, agentId);
  });

  app.get<IdParams>('/api/agents/:id/whatsapp/status', async (request) => {
    const { ownerId, agentId } = who(request);
    return instances.refreshStatus(deps, ownerId, agentId);
  });

  app.get<IdParams>('/api/agents/:id/whatsapp/fetch-qr', async (request) => {
    const { ownerId, agentId } = who(request);
    return instances.fetchQr(deps, ownerId, agentId);
  });

  app.post<IdParams>('/api/agents/:id/whatsapp/enable-monitoring', async (request) => {
    const { ownerId, agentId } = who(request);
    return instances.enableMonitoring(deps, ownerId, agentId);
  });

  app.delete<IdParams>('/api/agents/:id/whatsapp', async (request) => {
    const { ownerId, agentId } = who(request);
    return instances.removeInstance(deps, ownerId, agentId);
  });

  app.get<IdParams>('/api/agents/:id/whatsapp/settings', async (request) => {
    const { ownerId, agentId } = who(request);
    return getAgentSettings(db, ownerId, agentId);
  });

  app.put<IdParams>('/api/agents/:id/whatsapp/settings', async (request) => {
    const { ownerId, agentId } = who(request);
    return saveAgentSettings(db, ownerId, agentId, request.body ?? {});
  });

  app.get<IdParams>('/api/agents/:id/whatsapp/stats', async (request) => {
    const { ownerId, agentId } = who(request);
    return agentStats(db, ownerId, agentId);
  });

  app.get<IdParams>('/api/agents/:id/whatsapp/activity', async (request) => {
    const { ownerId, agentId } = who(request);
    return agentActivity(db, ownerId, agentId);
  });
}
