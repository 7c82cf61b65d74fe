import type { FastifyError, FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import {
  SIMULATOR_PREFIX,
  simulatorApiKey,
  simulatorBaseUrl,
  usesSimulator,
} from '../gateway-client';
import { simulatorApiRoutes } from './simulator-api.routes';
import { SimChat } from './simulator-chat.service';
import { REAL_SIM_SETTINGS, type SimContext } from './simulator-context';
import { simulatorControlRoutes } from './simulator-controls.routes';
import { SimError } from './simulator-errors';
import { handleError } from '../../../plugins/error-handler';
import { SimFaults } from './simulator-faults';
import { SimInstances } from './simulator-instances.service';
import { WebhookDispatcher } from './simulator-webhooks';

/** The real gateway accepts 136 MB bodies; base64 voice notes need more than our 1 MB. */
const SIMULATOR_BODY_LIMIT = 32 * 1024 * 1024;

/**
 * The built-in stand-in for an Evolution API gateway, mounted at /simulator/evolution only when
 * EVOLUTION_API_URL is unset (docs/decisions/0008-built-in-gateway-simulator.md). Encapsulated:
 * its own error envelope and 404s, like the real one.
 */
export interface SimulatorOptions {
  ctx: AppContext;
  /**
   * gives a scope the owner's session (`request.session`), for the controls the simulator page
   * calls: the app's session handling, passed in so this adapter imports no domain code
   */
  registerSessions: (scope: FastifyInstance) => Promise<void>;
}

export async function simulatorRoutes(app: FastifyInstance, opts: SimulatorOptions) {
  const { ctx } = opts;
  if (!usesSimulator(ctx)) return;
  await app.register(
    async (scope) => {
      const dispatcher = new WebhookDispatcher(() => simulatorBaseUrl(ctx, app), scope.log);
      const sim: SimContext = {
        db: ctx.database.db,
        dispatcher,
        settings: { ...REAL_SIM_SETTINGS },
        log: scope.log,
      };
      const instances = new SimInstances(sim);
      const chat = new SimChat(sim);
      const faults = new SimFaults();
      const globalKey = simulatorApiKey(ctx.appSecret);

      // The controls accept the owner's session; sessions may live only in the /api context.
      if (!scope.hasRequestDecorator('session')) {
        await opts.registerSessions(scope);
      }
      scope.addHook('onRoute', (route) => {
        route.bodyLimit ??= SIMULATOR_BODY_LIMIT;
      });
      scope.addHook('onRequest', async (request, reply) => {
        const path = request.url.slice(SIMULATOR_PREFIX.length);
        if (path.startsWith('/_sim')) return;
        const fault = faults.take(path);
        if (fault)
          return reply
            .status(fault.status)
            .send(fault.body ?? new SimError(fault.status, 'injected fault').body);
      });
      // The gateway stops with the app: from the moment closing starts, no QR rotates and no
      // webhook is posted (a receipt held back 300 ms included), and those under way are
      // abandoned, as a real gateway's are when it stops. One posted to the closing app would
      // only be refused (503), or keep a connection busy the close waits for.
      scope.addHook('preClose', async () => {
        instances.shutdown();
        dispatcher.close();
      });

      // The gateway's own refusals keep its envelope (the contract the client is tested
      // against); everything else, the controls included, is the app's uniform error body.
      scope.setErrorHandler((err: FastifyError | SimError, request, reply) => {
        if (err instanceof SimError) return reply.status(err.status).send(err.body);
        return handleError(err, request, reply);
      });
      scope.setNotFoundHandler((request, reply) => {
        const path = request.url.slice(SIMULATOR_PREFIX.length) || '/';
        return reply.status(404).send(new SimError(404, [`Cannot ${request.method} ${path}`]).body);
      });

      await scope.register(simulatorApiRoutes, { sim, instances, chat, globalKey });
      await scope.register(simulatorControlRoutes, {
        sim,
        instances,
        chat,
        faults,
        globalKey,
        publicUrl: ctx.config.PUBLIC_URL,
      });
    },
    { prefix: SIMULATOR_PREFIX },
  );
}
