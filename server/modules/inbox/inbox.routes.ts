import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  INBOX_REPLY_MAX,
  inboxListQuerySchema,
  inboxPatchSchema,
  inboxReplySchema,
  sendInboxTemplateSchema,
} from '@common/schemas/inbox';
import type { AppContext } from '../../app-context';
import { parseId } from '../../lib/params';
import { sendStoredFile } from '../conversations';
import { parseInput } from '../../lib/validate';
import { requireUserId } from '../auth';
import {
  handOffInboxConversation,
  inboxConversation,
  listInbox,
  patchInboxConversation,
  resumeInboxConversation,
} from './inbox.service';
import {
  assertOwnConversation,
  conversationMessageFile,
  retryPersonReply,
  sendPersonReply,
  sendPersonTemplate,
} from './person-reply.service';
import { readReplyMultipart } from './reply-file';

type IdParams = { Params: { id: string } };
type MessageParams = { Params: { id: string; messageId: string } };

/** A file's caption: optional, at most INBOX_REPLY_MAX characters. */
const captionSchema = z
  .string('inbox.replyRequired')
  .trim()
  .max(INBOX_REPLY_MAX, 'inbox.replyTooLong');

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
 * handoff and resume; a person's reply (text or a file), its retry and its file.
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

  // A person answers: JSON { text }, or multipart with `file` (and an optional `text` caption).
  // The JSON body is small; a multipart body is streamed under its own limits (reply-file.ts).
  app.post<IdParams>(
    '/api/conversations/:id/messages',
    { bodyLimit: 64 * 1024 },
    async (request, reply) => {
      const ownerId = requireUserId(request);
      const id = conversationId(request);
      let input;
      if (request.isMultipart()) {
        // Nothing of a stranger's upload is read: the conversation is checked first.
        await assertOwnConversation(ctx, ownerId, id);
        const { file, text } = await readReplyMultipart(request);
        input = file
          ? { file, text: parseInput(captionSchema, text ?? '') }
          : { file: null, text: parseInput(inboxReplySchema, { text }).text };
      } else {
        input = { file: null, text: parseInput(inboxReplySchema, request.body ?? {}).text };
      }
      const message = await sendPersonReply(ctx, ownerId, id, input);
      return reply.status(201).send(message);
    },
  );

  // Past the customer's 24 hours on the official line: an approved template, its variables filled.
  app.post<IdParams>('/api/conversations/:id/template', async (request, reply) => {
    const ownerId = requireUserId(request);
    const id = conversationId(request);
    const input = parseInput(sendInboxTemplateSchema, request.body ?? {});
    return reply.status(201).send(await sendPersonTemplate(ctx, ownerId, id, input));
  });

  app.post<MessageParams>('/api/conversations/:id/messages/:messageId/retry', async (request) => {
    const ownerId = requireUserId(request);
    const messageId = parseId(request.params.messageId, 'MESSAGE_NOT_FOUND');
    return retryPersonReply(ctx, ownerId, conversationId(request), messageId);
  });

  // A message's file (a person's upload, a customer's voice message or photo): owner-only, its type
  // decided by its bytes.
  app.get<MessageParams>(
    '/api/conversations/:id/messages/:messageId/file',
    async (request, reply) => {
      const ownerId = requireUserId(request);
      const messageId = parseId(request.params.messageId, 'MESSAGE_NOT_FOUND');
      const file = await conversationMessageFile(ctx, ownerId, conversationId(request), messageId);
      return sendStoredFile(reply, file);
    },
  );
}
