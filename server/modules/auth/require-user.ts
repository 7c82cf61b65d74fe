import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';

/** The signed-in user's id, or a 401. Every owner-scoped route starts here. */
export function requireUserId(request: FastifyRequest): number {
  const userId = request.session.userId;
  if (userId === undefined) throw new AppError('UNAUTHENTICATED');
  return userId;
}
