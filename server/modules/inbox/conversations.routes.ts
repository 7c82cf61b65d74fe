import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { parseId } from '../../lib/params';
import { parseInput } from '../../lib/validate';
import { requireUserId } from '../auth';
import {
  conversationDetail,
  listConversations,
  pauseConversation,
  resumeConversation,
  retryConversation,
} from './conversations.service';

type IdParams = { Params: { id: string } };
type ConversationParams = { Params: { id: string; cid: string } };

const listQuery = z.object({
  channel: z.enum(['whatsapp', 'webchat', 'test'], 'conversations.channelInvalid').optional(),
});

/** Conversations of an agent (owner-scoped): list, transcript, pause/resume, retry failed turns. */
export async function conversationRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get<IdParams>('/api/agents/:id/conversations', async (request) => {
    const ownerId = requireUserId(request);
    const agentId = parseId(request.params.id, 'AGENT_NOT_FOUND');
    const { channel } = parseInput(listQuery, request.query);
    return listConversations(ctx, ownerId, agentId, channel);
  });

  const ids = (request: { params: { id: string; cid: string } }) => ({
    agentId: parseId(request.params.id, 'AGENT_NOT_FOUND'),
    conversationId: parseId(request.params.cid, 'NOT_FOUND'),
  });

  app.get<ConversationParams>('/api/agents/:id/conversations/:cid', async (request) => {
    const ownerId = requireUserId(request);
    const { agentId, conversationId } = ids(request);
    return conversationDetail(ctx, ownerId, agentId, conversationId);
  });

  app.post<ConversationParams>('/api/agents/:id/conversations/:cid/pause', async (request) => {
    const ownerId = requireUserId(request);
    const { agentId, conversationId } = ids(request);
    return pauseConversation(ctx, ownerId, agentId, conversationId);
  });

  app.post<ConversationParams>('/api/agents/:id/conversations/:cid/resume', async (request) => {
    const ownerId = requireUserId(request);
    const { agentId, conversationId } = ids(request);
    return resumeConversation(ctx, ownerId, agentId, conversationId);
  });

  app.post<ConversationParams>('/api/agents/:id/conversations/:cid/retry', async (request) => {
    const ownerId = requireUserId(request);
    const { agentId, conversationId } = ids(request);
    return retryConversation(ctx, ownerId, agentId, conversationId);
  });
}
