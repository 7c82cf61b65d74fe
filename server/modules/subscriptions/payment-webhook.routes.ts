import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { createLimiter } from '../rate-limit';
import { receiveNotification } from './sync.service';

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * POST /api/webhooks/mercadopago: verify `x-signature`, record once, answer 200 at once (Mercado
 * Pago wants it within 22 s); the sync job does the rest. Outside the session context and exempt
 * from the same-origin check: the provider authenticates with the signature.
 */
export async function paymentWebhookRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const perIp = createLimiter(app, {
    max: 600,
    windowMs: 60 * 1000,
    key: (r) => `mp-webhook:ip:${r.ip}`,
  });

  app.post('/api/webhooks/mercadopago', async (request) => {
    await perIp(request);
    const outcome = await receiveNotification(
      ctx,
      {
        query: request.query as Record<string, unknown>,
        body: request.body,
        xSignature: header(request.headers['x-signature']),
        xRequestId: header(request.headers['x-request-id']),
      },
      request.log,
    );
    return { received: true, outcome };
  });
}
