import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publicChatSchema, publicHistorySchema, visitorIdSchema } from '@common/schemas/webchat';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/errors';
import { SseStream } from '../../lib/sse';
import { parseInput } from '../../lib/validate';
import { createLimiter, type Limiter } from '../rate-limit';
import type { AgentRow } from '../agents';
import type { RuntimeFeatures } from '../subscriptions';
import {
  assertServesVisitors,
  publicAgent,
  publicAnswer,
  toPublicReply,
  visitorReply,
  visitorReplyStream,
} from './visitor-chat.service';
import {
  openMessageRef,
  originAllowed,
  visitorHistory,
  WEBCHAT_CHANNEL,
  widgetSeen,
} from './webchat.service';
import { MAX_VISITOR_STREAMS_TOTAL, VisitorEventHub } from './visitor-events';
import { messageFile, sendStoredFile } from '../conversations';
import { visitorConversationId } from './webchat.repo';

/** The agent's public key: the snippet names agents by it, never by their id. */
type KeyParams = { Params: { key: string } };
type VisitorQuery = { Querystring: { visitorId?: unknown; after?: unknown } };

/** Per visitor and per client address; generous for a person, tight for a script. */
export const WEBCHAT_LIMITS = {
  visitorPerMinute: 10,
  ipPerMinute: 30,
  historyPerMinute: 60,
};
const MINUTE = 60_000;

/**
 * The widget's API (no session): chat, its streaming variant and the visitor's own history.
 * Widgets send JSON as text/plain (a "simple" request, no preflight); JSON works too.
 */
export async function publicChatRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // The widget's text/plain bodies are JSON: parsed as such (same prototype-poisoning rules), so
  // the request's text is checked like any JSON body's before a handler runs.
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );
  const visitorKeys = new WeakMap<FastifyRequest, string>();
  const visitorLimit = friendly(
    createLimiter(app, {
      max: WEBCHAT_LIMITS.visitorPerMinute,
      windowMs: MINUTE,
      key: (request) => visitorKeys.get(request) ?? null,
    }),
  );
  const ipLimit = friendly(
    createLimiter(app, {
      max: WEBCHAT_LIMITS.ipPerMinute,
      windowMs: MINUTE,
      key: (request) => `webchat:ip:${request.ip}`,
    }),
  );
  const historyLimit = friendly(
    createLimiter(app, {
      max: WEBCHAT_LIMITS.historyPerMinute,
      windowMs: MINUTE,
      key: (request) => `webchat:history:${request.ip}`,
    }),
  );

  const ownOrigins = (request: FastifyRequest) => [
    new URL(ctx.config.PUBLIC_URL).origin,
    `${request.protocol}://${request.headers.host ?? ''}`,
  ];

  /**
   * Resolves the agent, applies its Origin policy and refuses agents that do not serve visitors
   * (not active, or an owner without a live subscription or over the plan's agent limit); the
   * chat, its stream and the history all pass here before anything is read or stored. A refusal
   * still carries Access-Control-Allow-Origin so the widget can read and show it; it holds no data.
   */
  async function gate(
    request: FastifyRequest<KeyParams>,
    reply: FastifyReply,
  ): Promise<{ agent: AgentRow; features: RuntimeFeatures; showSources: boolean }> {
    const { agent, config } = await allowedAgent(request, reply);
    return {
      agent,
      features: await assertServesVisitors(ctx, agent),
      showSources: config.showSources === true,
    };
  }

  /** The agent the key names, when the requesting page's origin may use its widget. */
  async function allowedAgent(request: FastifyRequest<KeyParams>, reply: FastifyReply) {
    const origin = request.headers.origin;
    reply.header('Vary', 'Origin');
    reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
    if (origin) reply.header('Access-Control-Allow-Origin', origin);
    const found = await publicAgent(ctx, request.params.key);
    if (!originAllowed(origin, found.allowedDomains, ownOrigins(request))) {
      throw new AppError('WEBCHAT_ORIGIN_REFUSED');
    }
    return found;
  }

  /** Validates the visitor first, counts the request, then checks the message itself. */
  async function readChat(request: FastifyRequest<KeyParams>, agent: AgentRow) {
    const body = jsonBody(request.body);
    const visitorId = parseInput(visitorIdSchema, (body as { visitorId?: unknown }).visitorId);
    visitorKeys.set(request, `webchat:visitor:${agent.id}:${visitorId}`);
    await ipLimit(request);
    await visitorLimit(request);
    return parseInput(publicChatSchema, body);
  }

  const routeOptions = { bodyLimit: 32 * 1024 };

  app.options<KeyParams>('/api/public/agents/:key/*', async (request, reply) => {
    const origin = request.headers.origin;
    const found = await publicAgent(ctx, request.params.key);
    reply.header('Vary', 'Origin');
    if (!originAllowed(origin, found.allowedDomains, ownOrigins(request))) {
      throw new AppError('WEBCHAT_ORIGIN_REFUSED');
    }
    if (origin) reply.header('Access-Control-Allow-Origin', origin);
    reply.header('Access-Control-Allow-Methods', 'POST, OPTIONS');
    reply.header('Access-Control-Allow-Headers', 'content-type');
    reply.header('Access-Control-Max-Age', '600');
    return reply.status(204).send();
  });

  app.post<KeyParams>('/api/public/agents/:key/chat', routeOptions, async (request, reply) => {
    const { agent, features, showSources } = await gate(request, reply);
    const { visitorId, message } = await readChat(request, agent);
    const answer = await visitorReply(ctx, { agent, features, visitorId, message });
    return publicAnswer(answer, showSources);
  });

  app.post<KeyParams>(
    '/api/public/agents/:key/chat/stream',
    routeOptions,
    async (request, reply) => {
      const { agent, features, showSources } = await gate(request, reply);
      const { visitorId, message } = await readChat(request, agent);
      const abort = new AbortController();
      const stream = await visitorReplyStream(ctx, {
        agent,
        features,
        visitorId,
        message,
        signal: abort.signal,
      });
      const sse = new SseStream(request, reply);
      // Quiet (a person answers) or the out-of-hours notice: no model, one 'done'.
      if (!stream || 'notice' in stream) {
        sse.send('done', publicAnswer(stream, showSources));
        sse.end();
        return;
      }
      request.raw.on('close', () => abort.abort());
      try {
        for await (const delta of stream.deltas) sse.send('delta', { text: delta });
        sse.send('done', toPublicReply(await stream.result, showSources));
      } catch (err) {
        sse.fail(err);
      } finally {
        sse.end();
      }
    },
  );

  // The widget says once per page session that it was loaded; a page outside our own is a site
  // it is installed on (the go-live checklist). Nothing is answered and nothing of the agent shown.
  app.post<KeyParams>('/api/public/agents/:key/seen', routeOptions, async (request, reply) => {
    const { agent } = await allowedAgent(request, reply);
    await historyLimit(request);
    await widgetSeen(ctx.database.db, agent.id, request.headers.origin, ownOrigins(request));
    return reply.status(204).send();
  });

  app.post<KeyParams>('/api/public/agents/:key/history', routeOptions, async (request, reply) => {
    const { agent } = await gate(request, reply);
    await historyLimit(request);
    const { visitorId } = parseInput(publicHistorySchema, jsonBody(request.body));
    return visitorHistory(ctx, agent, visitorId);
  });

  // The visitor's live channel (ADR 0017): a person's replies from the inbox, as Server-Sent
  // Events, after `after` (or Last-Event-ID), from now without either.
  const hub = new VisitorEventHub(ctx, app.log, ctx.config.EVENTS_HEARTBEAT_SECONDS * 1000);
  app.addHook('preClose', () => hub.close());
  app.get<KeyParams & VisitorQuery>('/api/public/agents/:key/events', async (request, reply) => {
    const { agent } = await gate(request, reply);
    await historyLimit(request);
    const visitorId = parseInput(visitorIdSchema, request.query.visitorId);
    if (hub.size >= MAX_VISITOR_STREAMS_TOTAL) throw new AppError('WEBCHAT_RATE_LIMITED');
    const header = request.headers['last-event-id'];
    // A reference we did not seal reads as none: from now.
    const after = openMessageRef(ctx, header === undefined ? request.query.after : header);
    await hub.open(request, reply, agent, visitorId, after);
  });

  // A person's file, for the visitor whose conversation it is in (their id opens it, no other).
  app.get<KeyParams & VisitorQuery & { Params: { key: string; ref: string } }>(
    '/api/public/agents/:key/files/:ref',
    async (request, reply) => {
      const { agent } = await allowedAgent(request, reply);
      await historyLimit(request);
      const visitorId = parseInput(visitorIdSchema, request.query.visitorId);
      const messageId = openMessageRef(ctx, request.params.ref);
      if (messageId === null) throw new AppError('MESSAGE_NOT_FOUND');
      const db = ctx.database.db;
      const conversationId = await visitorConversationId(db, agent.id, WEBCHAT_CHANNEL, visitorId);
      const file =
        conversationId === null ? null : await messageFile(db, conversationId, messageId);
      if (!file) throw new AppError('MESSAGE_NOT_FOUND');
      return sendStoredFile(reply, file);
    },
  );
}

function jsonBody(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object') throw new AppError('BAD_JSON');
  return body as Record<string, unknown>;
}

/** The widget's visitors get a message about messages, not about "attempts". */
function friendly(limit: Limiter): Limiter {
  return async (request) => {
    try {
      await limit(request);
    } catch (err) {
      if (err instanceof AppError && err.code === 'RATE_LIMITED') {
        throw new AppError('WEBCHAT_RATE_LIMITED', err.options);
      }
      throw err;
    }
  };
}
