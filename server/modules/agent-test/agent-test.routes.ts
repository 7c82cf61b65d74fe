import type { FastifyInstance } from 'fastify';
import { testMessageSchema, type TestReply } from '@common/schemas/test-chat';
import type { AppContext } from '../../app-context';
import { parseId } from '../../lib/params';
import { SseStream } from '../../lib/sse';
import { parseInput } from '../../lib/validate';
import { requireUserId } from '../auth';
import type { TurnResult } from '../runtime';
import { clearTestConversation, testReply, testReplyStream } from './agent-test.service';

type IdParams = { Params: { id: string } };

export function toTestReply(result: TurnResult): TestReply {
  return {
    response: result.text,
    citations: result.citations.map((c) => ({
      ...c,
      documentId: c.documentId ?? undefined,
    })),
    usage: result.usage,
    latencyMs: result.latencyMs,
    provider: result.provider,
    model: result.model,
    offline: result.offline,
    handoff: result.handoff,
  };
}

/** POST /api/agents/{id}/test, its SSE variant, and clearing the test chat. */
export async function agentTestRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.post<IdParams>('/api/agents/:id/test', async (request) => {
    const ownerId = requireUserId(request);
    const agentId = parseId(request.params.id, 'AGENT_NOT_FOUND');
    const { message } = parseInput(testMessageSchema, request.body);
    return toTestReply(await testReply(ctx, { ownerId, agentId, message }));
  });

  app.post<IdParams>('/api/agents/:id/test/stream', async (request, reply) => {
    const ownerId = requireUserId(request);
    const agentId = parseId(request.params.id, 'AGENT_NOT_FOUND');
    const { message } = parseInput(testMessageSchema, request.body);
    const abort = new AbortController();
    // Errors before the first byte (unknown agent, bad input) are ordinary JSON errors.
    const stream = await testReplyStream(ctx, { ownerId, agentId, message, signal: abort.signal });
    const sse = new SseStream(request, reply);
    request.raw.on('close', () => abort.abort());
    try {
      for await (const delta of stream.deltas) sse.send('delta', { text: delta });
      sse.send('done', toTestReply(await stream.result));
    } catch (err) {
      sse.fail(err);
    } finally {
      sse.end();
    }
  });

  app.delete<IdParams>('/api/agents/:id/test/conversation', async (request, reply) => {
    const ownerId = requireUserId(request);
    await clearTestConversation(ctx, ownerId, parseId(request.params.id, 'AGENT_NOT_FOUND'));
    return reply.status(204).send();
  });
}
