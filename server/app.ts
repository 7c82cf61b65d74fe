import type { Socket } from 'node:net';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance, type RouteOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { AppContext } from './app-context';
import { AppError } from './lib/errors';
import { loggerOptions } from './lib/logger';
import { agentTestRoutes, multimediaRoutes } from './modules/agent-test';
import { agentRoutes } from './modules/agents';
import { appointmentRoutes, publicBookingRoutes, scheduleRoutes } from './modules/appointments';
import {
  analyticsOverviewRoutes,
  analyticsUsageRoutes,
  unansweredRoutes,
} from './modules/analytics';
import { authRoutes } from './modules/auth';
import { dashboardRoutes } from './modules/dashboard';
import { ownerEventRoutes } from './modules/events';
import { notificationRoutes } from './modules/notifications';
import { healthRoutes } from './modules/health';
import { createDbRateLimitStore } from './modules/rate-limit';
import { knowledgeRoutes } from './modules/knowledge';
import { registerSessions } from './modules/session';
import { reminderRoutes } from './modules/reminders';
import { followUpRoutes } from './modules/follow-ups';
import { settingsRoutes } from './modules/settings';
import { simulatorRoutes } from './adapters/gateway/simulator/simulator.plugin';
import { conversationRoutes, inboxRoutes } from './modules/inbox';
import { contactRoutes } from './modules/contacts';
import {
  evolutionInstanceRoutes,
  whatsappInstanceRoutes,
  whatsappWebhookRoutes,
  whatsappCloudRoutes,
  whatsappCloudWebhookRoutes,
  cloudSimulatorRoutes,
} from './modules/whatsapp';
import {
  paymentWebhookRoutes,
  sandboxCheckoutRoutes,
  subscriptionRoutes,
} from './modules/subscriptions';
import { publicChatRoutes, webchatRoutes, widgetRoutes } from './modules/webchat';
import { registerCompression } from './plugins/compression';
import { registerErrorHandler, sendError } from './plugins/error-handler';
import { registerOriginCheck } from './plugins/origin-check';
import { warnOnUntrustedForwarding } from './plugins/proxy-warning';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerStaticClient } from './plugins/static-client';
import { registerTextGuard } from './plugins/text-guard';

/** Calls from other sites or servers: they authenticate with their own secrets, not cookies. */
const ORIGIN_EXEMPT_PREFIXES = [
  '/api/public/',
  '/api/webhooks/',
  '/api/whatsapp/webhook',
  '/api/whatsapp/cloud/webhook',
];

export interface BuildAppOptions {
  /** `false` for none; otherwise JSON logs at config.LOG_LEVEL, to `stream` when given (tests) */
  logger?: false | { stream: DestinationStream };
  /** told of every route as it is registered (the route-walking fuzz test enumerates them) */
  onRoute?: (route: RouteOptions) => void;
  /** the client build to serve; dist/client by default (tests serve a fixture of their own) */
  clientDist?: string;
}

/**
 * Fastify 5.12.1 stopped honouring a numeric `trustProxy` (it now trusts nobody), because a hop
 * count cannot tell a proxy from a client that reaches the server directly. Operators whose
 * proxies have no fixed address still need it, so the count is applied here: the socket peer and
 * the next hops - 1 forwarders are believed.
 */
function trustProxyOption(value: number | string[] | undefined) {
  if (value === undefined) return false;
  if (typeof value === 'number') return (_address: string, hop: number) => hop < value;
  return value;
}

export async function buildApp(
  ctx: AppContext,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { ...loggerOptions(ctx.config.LOG_LEVEL), ...(options.logger ?? {}) },
    // X-Forwarded-* only from the proxies the operator names: a client that could set its own
    // address (any host on the same network, once private ranges were trusted) would escape every
    // per-address limit by changing the header.
    trustProxy: trustProxyOption(ctx.config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    // One line per request (below) instead of Fastify's two: request logging was a quarter of
    // the cost of a cheap authenticated GET (bench/http.ts profile).
    logController: new LogController({ disableRequestLogging: true }),
  });

  // The reply worker of this process reaches the built-in gateway simulator through it.
  ctx.httpApp = app;
  closeUnusedConnectionsOnClose(app);

  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        // the path only: a query string may carry what a person typed (a search, a phone number)
        url: request.url.split('?', 1)[0],
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request completed',
    );
  });

  registerErrorHandler(app);
  registerTextGuard(app);

  if (ctx.config.TRUST_PROXY === undefined) warnOnUntrustedForwarding(app);

  registerSecurityHeaders(app, { https: ctx.config.PUBLIC_URL.startsWith('https://') });

  // Before any route, so its onSend hook covers them all.
  await registerCompression(app);

  // Counters are shared through the database when several processes serve PostgreSQL; the
  // embedded database has one process, whose memory counts exactly (a query less per request).
  await app.register(fastifyRateLimit, {
    global: false,
    ...(ctx.database.kind === 'postgres'
      ? { store: createDbRateLimitStore(ctx.database.db) }
      : { cache: 50_000 }),
  });

  // Per-route limits are set where files are read; this is the ceiling for any upload.
  await app.register(fastifyMultipart, { limits: { fileSize: 25 * 1024 * 1024, files: 1 } });

  registerOriginCheck(app, {
    publicUrl: ctx.config.PUBLIC_URL,
    exemptPrefixes: ORIGIN_EXEMPT_PREFIXES,
  });

  await app.register(healthRoutes, { ctx });

  // The signed-in user's API. Sessions are read from the database only inside this context, so
  // static files, health probes, webhooks and the public widget API never pay for a lookup.
  await app.register(async (api) => {
    await registerSessions(api, ctx.database.db, ctx.appSecret, ctx.cache?.sessions ?? null);
    await api.register(authRoutes, { ctx });
    await api.register(subscriptionRoutes, { ctx });
    await api.register(sandboxCheckoutRoutes, { ctx });
    await api.register(agentRoutes, { ctx });
    await api.register(dashboardRoutes, { db: ctx.database.db });
    await api.register(analyticsUsageRoutes, { ctx });
    await api.register(agentTestRoutes, { ctx });
    await api.register(multimediaRoutes, { ctx });
    await api.register(settingsRoutes, { ctx });
    await api.register(analyticsOverviewRoutes, { ctx });
    await api.register(knowledgeRoutes, { ctx });
    await api.register(webchatRoutes, { ctx });
    await api.register(conversationRoutes, { ctx });
    await api.register(inboxRoutes, { ctx });
    await api.register(contactRoutes, { ctx });
    await api.register(ownerEventRoutes, { ctx });
    await api.register(notificationRoutes, { ctx });
    await api.register(unansweredRoutes, { ctx });
    await api.register(whatsappInstanceRoutes, { ctx });
    await api.register(whatsappCloudRoutes, { ctx });
    await api.register(evolutionInstanceRoutes, { ctx });
    await api.register(scheduleRoutes, { ctx });
    await api.register(reminderRoutes, { ctx });
    await api.register(followUpRoutes, { ctx });
    await api.register(appointmentRoutes, { ctx });
    // Gateways authenticate with the instance secret; the owner's test tool with this session.
    await api.register(whatsappWebhookRoutes, { ctx });
  });

  // Meta's Cloud API webhooks (signed with the app secret; no session, no same-origin check).
  await app.register(whatsappCloudWebhookRoutes, { ctx });
  // The built-in simulator of Meta's Graph API (only when no Meta app is configured).
  await app.register(cloudSimulatorRoutes, {
    ctx,
    registerSessions: (scope) => registerSessions(scope, ctx.database.db, ctx.appSecret),
  });

  // Mercado Pago notifications (signed; no session, no same-origin check).
  await app.register(paymentWebhookRoutes, { ctx });

  // The website widget: its script and its public API (no session; per-agent Origin policy).
  await app.register(widgetRoutes);
  await app.register(publicChatRoutes, { ctx });

  // The public booking page's API and the owners' calendar feeds (no session; rate-limited).
  await app.register(publicBookingRoutes, { ctx });

  // The built-in WhatsApp gateway simulator (only when EVOLUTION_API_URL is unset).
  await app.register(simulatorRoutes, {
    ctx,
    registerSessions: (scope) => registerSessions(scope, ctx.database.db, ctx.appSecret),
  });

  const sendClientPage = await registerStaticClient(app, options.clientDist);
  app.setNotFoundHandler((request, reply) => {
    if (sendClientPage && isClientRoute(request.method, request.url)) {
      return sendClientPage(request, reply);
    }
    return sendError(request, reply, new AppError('NOT_FOUND'));
  });

  return app;
}

/**
 * A path the client app routes (its own not-found page included): a GET or HEAD outside /api/
 * whose last segment has no file extension, whatever its Accept header says — link previews
 * (WhatsApp fetches a shared link) and uptime monitors accept any type, or JSON, or send none.
 * A missing file (`/assets/x.js`) stays a 404.
 */
function isClientRoute(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const path = url.split('?', 1)[0]!;
  if (path === '/api' || path.startsWith('/api/')) return false;
  return !path.slice(path.lastIndexOf('/') + 1).includes('.');
}

/**
 * Closing waits for every open connection, and Node leaves two kinds open:
 * - a connection that has not sent a request yet (a browser's speculative preconnect, a client's
 *   spare socket) counts as neither idle nor busy: the close would wait for its headers timeout
 *   (a minute). Connections that never carried a byte are closed when closing starts, and those
 *   accepted after it (the listener stops only once the preClose hooks are done). A client
 *   whose request had not arrived yet sees its connection reset rather than a 503: either way it
 *   retries elsewhere.
 * - a request under way when closing starts (a gateway's webhook being stored) finishes as
 *   before, but Node closes idle keep-alive connections only once, when closing starts: that one
 *   would then stay open for the keep-alive timeout (72 s), and the close with it. Its answer
 *   says `Connection: close`, and once it is sent the connection is closed.
 */
function closeUnusedConnectionsOnClose(app: FastifyInstance) {
  // Tracked without a 'data' listener: one would take the socket from Node's native HTTP parser.
  const open = new Set<Socket>();
  let closing = false;
  app.server.on('connection', (socket: Socket) => {
    // Accepted while closing, before the listener stopped (the preClose hooks take a moment):
    // it would wait for its headers timeout as the ones closed below would.
    if (closing) {
      socket.destroy();
      return;
    }
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  app.addHook('preClose', (done) => {
    closing = true;
    for (const socket of open) if (socket.bytesRead === 0) socket.destroy();
    done();
  });
  // Callbacks, not async: no promise per request on the hot path.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  // An answer already on its way when closing started leaves its connection idle now.
  app.addHook('onResponse', (_request, _reply, done) => {
    if (closing) app.server.closeIdleConnections();
    done();
  });
}
