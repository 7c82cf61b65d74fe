import type { FastifyInstance } from 'fastify';
import {
  changePlanSchema,
  contactRequestSchema,
  createSubscriptionSchema,
  type ContactRequestResult,
} from '@common/schemas/subscription';
import type { AppContext } from '../../app-context';
import { parseInput } from '../../lib/validate';
import { requireUserId } from '../auth';
import { createLimiter } from '../rate-limit';
import * as billing from './subscriptions.service';
import { salesWhatsappUrl } from './sales-contact';
import { insertContactRequest } from './subscriptions.repo';

const ONE_HOUR = 60 * 60 * 1000;

/**
 * The signed-in user's subscription: checkout (`POST /api/subscriptions/create`), the Settings ›
 * Assinatura actions, and the consultoria contact form (which anyone may send).
 */
export async function subscriptionRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const contactPerIp = createLimiter(app, {
    max: 10,
    windowMs: ONE_HOUR,
    key: (r) => `contact:ip:${r.ip}`,
  });

  app.post('/api/subscriptions/create', async (request) => {
    const userId = requireUserId(request);
    const input = parseInput(createSubscriptionSchema, request.body);
    return billing.createCheckout(ctx, userId, input, request.log);
  });

  app.get('/api/subscription', async (request) =>
    billing.billingOverview(ctx, requireUserId(request)),
  );

  app.post('/api/subscription/cancel', async (request) =>
    billing.cancelSubscription(ctx, requireUserId(request), request.log),
  );

  app.put('/api/subscription/plan', async (request) => {
    const userId = requireUserId(request);
    const { planId } = parseInput(changePlanSchema, request.body);
    return billing.changePlan(ctx, userId, planId, request.log);
  });

  app.post('/api/contact-requests', async (request, reply) => {
    await contactPerIp(request);
    const input = parseInput(contactRequestSchema, request.body);
    const id = await insertContactRequest(ctx.database.db, {
      userId: request.session.userId ?? null,
      planId: input.planId,
      name: input.name,
      email: input.email,
      phone: input.phone || null,
      message: input.message || null,
    });
    request.log.info({ contactRequestId: id, planId: input.planId }, 'contact request stored');
    const result: ContactRequestResult = { id, whatsappUrl: salesWhatsappUrl(ctx.config) };
    return reply.status(201).send(result);
  });
}
