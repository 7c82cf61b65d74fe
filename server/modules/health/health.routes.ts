import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';

/** Liveness (process up) and readiness (database reachable, capabilities, shutting down or not). */
export async function healthRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const base = {
      database: ctx.database.kind,
      vector: ctx.capabilities.vector,
      retrieval: ctx.capabilities.vector ? 'hybrid' : 'lexical',
      role: ctx.config.ROLE,
      jobs: ctx.jobs ? 'running' : 'off',
    };
    if (ctx.state.shuttingDown) return reply.status(503).send({ status: 'shutting_down', ...base });
    try {
      await ctx.database.db.execute(sql`SELECT 1`);
    } catch (err) {
      request.log.error({ err }, 'readiness check failed');
      return reply.status(503).send({ status: 'unavailable', ...base });
    }
    return { status: 'ready', ...base };
  });
}
