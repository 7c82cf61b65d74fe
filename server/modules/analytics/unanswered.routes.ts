import type { FastifyInstance } from 'fastify';
import { unansweredAnswerSchema, unansweredQuerySchema } from '@common/schemas/analytics';
import type { AppContext } from '../../app-context';
import { parseId } from '../../lib/params';
import { parseInput } from '../../lib/validate';
import { requireUserId } from '../auth';
import { answerUnanswered, listUnanswered } from './unanswered.service';

type IdParams = { Params: { id: string } };

/** The reports' unanswered questions: the owner's open groups, and answering one. */
export async function unansweredRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get('/api/analytics/unanswered', async (request) => {
    const ownerId = requireUserId(request);
    const { agentId } = parseInput(unansweredQuerySchema, request.query);
    return listUnanswered(ctx, ownerId, agentId);
  });

  app.post<IdParams>('/api/analytics/unanswered/:id/answer', async (request, reply) => {
    const ownerId = requireUserId(request);
    const groupId = parseId(request.params.id, 'UNANSWERED_NOT_FOUND');
    const input = parseInput(unansweredAnswerSchema, request.body ?? {});
    const result = await answerUnanswered(ctx, ownerId, groupId, input);
    return reply.code(201).send(result);
  });
}
