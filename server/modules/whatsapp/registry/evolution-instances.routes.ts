import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../app-context';
import { pickLanguage } from '../../../lib/i18n';
import { parseId } from '../../../lib/params';
import { requireUserId } from '../../auth';
import * as registry from './evolution-instances.service';
import { getWebhookDefaults, saveWebhookDefaults } from './webhook-defaults.service';

type IdParams = { Params: { id: string } };

const lang = (request: FastifyRequest) => pickLanguage(request.headers['accept-language']);

/**
 * Gateway instances a user registers by hand (the API Evolution section), all scoped by
 * the signed-in owner. The API key is write-only: answers carry `apiKeySet` and a 4-char hint.
 */
export async function evolutionInstanceRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const instanceId = (request: FastifyRequest<IdParams>) =>
    parseId(request.params.id, 'EVOLUTION_INSTANCE_NOT_FOUND');

  app.get('/api/evolution-instances', async (request) =>
    registry.listRegistry(ctx, requireUserId(request)),
  );

  app.post('/api/evolution-instances', async (request, reply) => {
    const view = await registry.createRegistryInstance(ctx, requireUserId(request), request.body);
    return reply.status(201).send(view);
  });

  // Static paths win over `:id` in Fastify's router, whatever the order of registration.
  app.get('/api/evolution-instances/webhook-defaults', async (request) =>
    getWebhookDefaults(ctx, requireUserId(request)),
  );

  app.put('/api/evolution-instances/webhook-defaults', async (request) =>
    saveWebhookDefaults(ctx, requireUserId(request), request.body ?? {}),
  );

  app.put<IdParams>('/api/evolution-instances/:id', async (request) => {
    const ownerId = requireUserId(request);
    return registry.updateRegistryInstance(
      ctx,
      ownerId,
      instanceId(request),
      request.body ?? {},
      lang(request),
    );
  });

  app.delete<IdParams>('/api/evolution-instances/:id', async (request, reply) => {
    const ownerId = requireUserId(request);
    await registry.deleteRegistryInstance(ctx, ownerId, instanceId(request));
    return reply.status(204).send();
  });

  app.get<IdParams>('/api/evolution-instances/:id/monitor', async (request) => {
    const ownerId = requireUserId(request);
    return registry.monitorRegistryInstance(ctx, ownerId, instanceId(request), lang(request));
  });
}
