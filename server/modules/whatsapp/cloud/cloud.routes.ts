import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { parseId } from '../../../lib/params';
import { requireUserId } from '../../auth';
import { connectCloud, disconnectCloud } from './cloud-connect.service';
import { createTemplate, getTemplate, listTemplates } from './templates.service';

type IdParams = { Params: { id: string } };

/**
 * The agent's official number (connect by Embedded Signup or by hand, disconnect) and the owner's
 * message templates. Another owner's agent or template is a 404 and nothing changes.
 */
export async function whatsappCloudRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.post<IdParams>('/api/agents/:id/whatsapp/cloud', async (request, reply) => {
    const ownerId = requireUserId(request);
    const agentId = parseId(request.params.id, 'AGENT_NOT_FOUND');
    const view = await connectCloud(ctx, ownerId, agentId, request.body ?? {}, request.log);
    return reply.status(201).send(view);
  });

  app.delete<IdParams>('/api/agents/:id/whatsapp/cloud', async (request) => {
    const ownerId = requireUserId(request);
    return disconnectCloud(ctx, ownerId, parseId(request.params.id, 'AGENT_NOT_FOUND'));
  });

  app.get('/api/whatsapp/templates', async (request) => {
    return listTemplates(ctx, requireUserId(request));
  });

  app.post('/api/whatsapp/templates', async (request, reply) => {
    const view = await createTemplate(ctx, requireUserId(request), request.body ?? {});
    return reply.status(201).send(view);
  });

  app.get<IdParams>('/api/whatsapp/templates/:id', async (request) => {
    const ownerId = requireUserId(request);
    return getTemplate(ctx, ownerId, parseId(request.params.id, 'WHATSAPP_TEMPLATE_NOT_FOUND'));
  });
}
