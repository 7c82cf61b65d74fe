import type { FastifyInstance } from 'fastify';
import { createAgentSchema, updateAgentSchema } from '@common/schemas/agent';

import { parseId } from '../../lib/params';
import { parseInput } from '../../lib/validate';
import { requireUserId } from '../auth';
import { assertCanCreateAgent, assertExternalApis, withinPlanLimits } from '../subscriptions';
import type { AppContext } from '../../app-context';
import * as agents from './agents.service';

type IdParams = { Params: { id: string } };

/** The agent API calls (/api/agents…), all scoped by the signed-in owner. */
export async function agentRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const db = ctx.database.db;
  const hooks = ctx.hooks.agents;
  app.get('/api/agents', async (request) => agents.listAgents(db, requireUserId(request)));

  app.post('/api/agents', async (request, reply) => {
    const ownerId = requireUserId(request);
    const data = parseInput(createAgentSchema, request.body);
    // Counted and created under the owner's lock: ten creations at once make no more than the plan allows.
    const agent = await withinPlanLimits(db, ownerId, async (tx) => {
      await assertCanCreateAgent(tx, ownerId, data);
      return agents.createAgent(tx, ownerId, data);
    });
    // The free-text knowledge base is searchable like a document from the first answer on.
    if (agent.knowledgeBase)
      await hooks.knowledgeBaseChanged(ctx, ownerId, agent.id, agent.knowledgeBase);
    return reply.status(201).send(agent);
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
    await assertExternalApis(db, ownerId, data.externalApis);
    const agent = await agents.updateAgent(db, ownerId, id, data);
    if (data.knowledgeBase !== undefined) {
      await hooks.knowledgeBaseChanged(ctx, ownerId, agent.id, agent.knowledgeBase);
    }
    return agent;
  });

  app.delete<IdParams>('/api/agents/:id', async (request, reply) => {
    const ownerId = requireUserId(request);
    await agents.deleteAgent(ctx, ownerId, parseId(request.params.id, 'AGENT_NOT_FOUND'));
    return reply.status(204).send();
  });
}
