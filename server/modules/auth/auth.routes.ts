import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { loginSchema, registerSchema } from '@common/schemas/auth';
import type { AppContext } from '../../app-context';
import { parseInput } from '../../lib/validate';
import { openCounterStore, createLimiter } from '../rate-limit';
import { SESSION_COOKIE } from '../session';
import { toPublicUser, findUserByIdCached } from '../users';
import { authenticate, registerUser } from './auth.service';
import { createSignInGuard } from './sign-in-limits';

const ONE_HOUR = 60 * 60 * 1000;

/** GET /api/user, POST /api/register, /api/login, /api/logout. */
export async function authRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const db = ctx.database.db;
  const signInGuard = createSignInGuard(await openCounterStore(ctx.database));
  const registerPerIp = createLimiter(app, {
    max: 20,
    windowMs: ONE_HOUR,
    key: (r) => `register:ip:${r.ip}`,
  });

  app.get('/api/user', async (request, reply) => {
    // Signed out is an answer, not an error: 200 with null, so a public page that asks logs none.
    reply.header('Cache-Control', 'no-store');
    const userId = request.session.userId;
    if (userId === undefined) return reply.send(null);
    const user = await findUserByIdCached(db, ctx.cache?.users ?? null, userId);
    if (!user) {
      await request.session.destroy();
      return reply.send(null);
    }
    return toPublicUser(user);
  });

  app.post('/api/register', async (request, reply) => {
    await registerPerIp(request);
    const input = parseInput(registerSchema, request.body);
    const user = await registerUser(db, input);
    await request.session.regenerate();
    request.session.userId = user.id;
    return reply.status(201).send(toPublicUser(user));
  });

  app.post('/api/login', async (request, reply) => {
    const input = parseInput(loginSchema, request.body);
    const attempt = await signInGuard.begin(input.username, request.ip, request.log);
    if (attempt.delayMs > 0) {
      // Server-Timing lets a client (and the tests) see the wait the server added on purpose.
      reply.header('Server-Timing', `signin-delay;dur=${attempt.delayMs}`);
      await sleep(attempt.delayMs);
    }
    const user = await attempt.settle(authenticate(db, input));
    // A new session id at every sign-in defeats session fixation.
    await request.session.regenerate();
    request.session.userId = user.id;
    return toPublicUser(user);
  });

  app.post('/api/logout', async (request, reply) => {
    await request.session.destroy();
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.status(204).send();
  });
}
