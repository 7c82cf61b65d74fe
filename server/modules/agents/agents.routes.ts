import type { FastifyInstance } from 'fastify';
import { createAgentSchema, updateAgentSchema } from '../../../common/schemas/agent';
import type { AppDb } from '../../db/client';
import { AppError } from '../../lib/errors';
import { parseId } from '../../lib/params';
import { parseInput } from '../../lib/validate';
import { requireUserId } from '../auth/require-user';
import * as agents from './agents.service';

type IdParams = { Params: { id: string } };

/** The agent calls of SPEC.md §7, all scoped by the signed-in owner. */
export async function agentRoutes(app: FastifyInstance, { db }: { db: AppDb }) {
  app.get('/api/agents', async (request) => agents.listAgents(db, requireUserId(request)));

  app.post('/api/agents', async (request, reply) => {
    const ownerId = requireUserId(request);
    const data = parseInput(createAgentSchema, request.body);
    return reply.status(201).send(await agents.createAgent(db, ownerId, data));
  });

  app.get<IdParams>('/api/agents/:id', async (request) => {
    const ownerId = requireUserId(request);
    return agents.toAgent(
      await agents.getAgent(db, ownerId, parseId(request.params.id, 'AGENT_NOT_FOUND')),
    );
  });

  app.put<IdParams>('/api/agents/:id', async (request) => {
    const ownerId = requireUserId(request);
    const id = parseId(request.params.id, 'AGENT_NOT_FOUND');
    const data = parseInput(updateAgentSchema, request.body);
    return agents.updateAgent(db, ownerId, id, data);
  });

  app.delete<IdParams>('/api/agents/:id', async (request, reply) => {
    const ownerId = requireUserId(request);
    await agents.deleteAgent(db, ownerId, parseId(request.params.id, 'AGENT_NOT_FOUND'));
    return reply.status(204).send();
  });

  // The website widget is built by its own issue; until then this says so instead of faking a snippet.
  app.get<IdParams>('/api/agents/:id/webchat-code', async (request) => {
    const ownerId = requireUserId(request);
    await agents.getAgent(db, ownerId, parseId(request.params.id, 'AGENT_NOT_FOUND'));
    throw new AppError('WEBCHAT_UNAVAILABLE');
  });
}
