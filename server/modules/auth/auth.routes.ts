import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loginSchema, registerSchema } from '../../../common/schemas/auth';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { createLimiter } from '../rate-limit/rate-limit';
import { SESSION_COOKIE } from '../session/session.plugin';
import { toPublicUser } from '../users/public-user';
import { findUserByIdCached } from '../users/users.repo';
import { authenticate, registerUser } from './auth.service';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;

function bodyUsername(request: FastifyRequest): string | null {
  const body = request.body as { username?: unknown } | null;
  return typeof body?.username === 'string' && body.username.trim()
    ? body.username.trim().toLowerCase()
    : null;
}

/** GET /api/user, POST /api/register, /api/login, /api/logout (SPEC.md §7). */
export async function authRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const db = ctx.database.db;
  const loginPerIp = createLimiter(app, {
    max: 30,
    windowMs: FIFTEEN_MINUTES,
    key: (r) => `login:ip:${r.ip}`,
  });
  const loginPerUsername = createLimiter(app, {
    max: 10,
    windowMs: FIFTEEN_MINUTES,
    key: (r) => {
      const username = bodyUsername(r);
      return username ? `login:user:${username}` : null;
    },
  });
  const registerPerIp = createLimiter(app, {
    max: 20,
    windowMs: ONE_HOUR,
    key: (r) => `register:ip:${r.ip}`,
  });

  app.get('/api/user', async (request, reply) => {
    const userId = request.session.userId;
    if (userId === undefined) throw new AppError('UNAUTHENTICATED');
    const user = await findUserByIdCached(db, ctx.cache?.users ?? null, userId);
    if (!user) {
      await request.session.destroy();
      throw new AppError('UNAUTHENTICATED');
    }
    reply.header('Cache-Control', 'no-store');
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

  app.post('/api/login', async (request) => {
    await loginPerIp(request);
    await loginPerUsername(request);
    const input = parseInput(loginSchema, request.body);
    const user = await authenticate(db, input);
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
