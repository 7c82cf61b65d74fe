import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { inboxListQuerySchema, inboxPatchSchema } from '@common/schemas/inbox';
import type { AppContext } from '../../app-context';
import { parseId } from '../../lib/params';
import { parseInput } from '../../lib/validate';
import { requireUserId } from '../auth';
import {
  handOffInboxConversation,
  inboxConversation,
  listInbox,
  patchInboxConversation,
  resumeInboxConversation,
} from './inbox.service';

type IdParams = { Params: { id: string } };

/** GET /api/conversations/{id}?before=<message id>: the page of messages before that one. */
const detailQuery = z.object({
  before: z.coerce
    .number('inbox.cursorInvalid')
    .int('inbox.cursorInvalid')
    .positive('inbox.cursorInvalid')
    .max(2_147_483_647, 'inbox.cursorInvalid')
    .optional(),
});

/**
 * The owner's inbox across agents and channels (owner-scoped; another owner's conversation, or a
 * test-console chat, is a 404): list, one conversation with its messages, read/notes/tags,
 * handoff and resume.
 */
export async function inboxRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const conversationId = (request: { params: { id: string } }) =>
    parseId(request.params.id, 'CONVERSATION_NOT_FOUND');

  app.get('/api/conversations', async (request) => {
    const ownerId = requireUserId(request);
    return listInbox(ctx, ownerId, parseInput(inboxListQuerySchema, request.query));
  });

  app.get<IdParams>('/api/conversations/:id', async (request) => {
    const ownerId = requireUserId(request);
    const id = conversationId(request);
    const { before } = parseInput(detailQuery, request.query);
    return inboxConversation(ctx, ownerId, id, before ?? null);
  });

  app.patch<IdParams>('/api/conversations/:id', async (request) => {
    const ownerId = requireUserId(request);
    const id = conversationId(request);
    const patch = parseInput(inboxPatchSchema, request.body ?? {});
    return patchInboxConversation(ctx, ownerId, id, patch);
  });

  app.post<IdParams>('/api/conversations/:id/handoff', async (request) => {
    const ownerId = requireUserId(request);
    return handOffInboxConversation(ctx, ownerId, conversationId(request));
  });

  app.post<IdParams>('/api/conversations/:id/resume', async (request) => {
    const ownerId = requireUserId(request);
    return resumeInboxConversation(ctx, ownerId, conversationId(request));
  });
}
