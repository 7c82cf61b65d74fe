import type { FastifyInstance } from 'fastify';
import { followUpSettingsSchema } from '@common/schemas/follow-ups';
import type { AppContext } from '../../app-context';
import { parseId } from '../../lib/params';
import { parseInput } from '../../lib/validate';
import { requireUserId } from '../auth';
import { getFollowUpSettings, saveFollowUpSettings } from './follow-ups.service';

type IdParams = { Params: { id: string } };

/** GET/PUT /api/agents/{id}/follow-ups: the agent's follow-ups on WhatsApp. */
export async function followUpRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get<IdParams>('/api/agents/:id/follow-ups', async (request) => {
    const ownerId = requireUserId(request);
    const agentId = parseId(request.params.id, 'AGENT_NOT_FOUND');
    return getFollowUpSettings(ctx, ownerId, agentId);
  });

  app.put<IdParams>('/api/agents/:id/follow-ups', async (request) => {
    const ownerId = requireUserId(request);
    const agentId = parseId(request.params.id, 'AGENT_NOT_FOUND');
    const input = parseInput(followUpSettingsSchema, request.body ?? {});
    return saveFollowUpSettings(ctx, ownerId, agentId, input);
  });
}
