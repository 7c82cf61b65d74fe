import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PLAN_IDS } from '../../../common/plans';
import { AppError } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { requireUserId } from '../auth/require-user';

const createSubscriptionSchema = z.object({
  planId: z.enum(PLAN_IDS, 'validation.planInvalid'),
  userEmail: z.string().trim().toLowerCase().pipe(z.email('validation.emailInvalid')),
  userName: z.string().trim().min(1, 'validation.nameRequired'),
});

/**
 * POST /api/subscriptions/create. The payment provider is wired by the subscriptions issue; until
 * then the call validates its input and answers honestly that online checkout is unavailable.
 */
export async function subscriptionRoutes(app: FastifyInstance) {
  app.post('/api/subscriptions/create', async (request) => {
    requireUserId(request);
    parseInput(createSubscriptionSchema, request.body);
    throw new AppError('PAYMENTS_UNAVAILABLE');
  });
}
