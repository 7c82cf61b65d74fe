import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PlanId } from '@common/plans';
import type { SandboxCheckoutView } from '@common/schemas/subscription';
import type { AppContext } from '../../app-context';
import type { SandboxPaymentsAdapter, SandboxRow } from '../../adapters/payments/sandbox-adapter';
import { PaymentProviderError } from '../../adapters/payments/payments-adapter';
import { signNotification } from '../../adapters/payments/webhook-signature';
import { AppError } from '../../lib/errors';
import { requireUserId } from '../auth';
import { sandboxFor } from './payments';
import { findById } from './subscriptions.repo';
import { PREAPPROVAL_TOPIC, sandboxNotification } from './sync.service';

type IdParams = { Params: { id: string } };

/**
 * The built-in test checkout (only without MERCADOPAGO_ACCESS_TOKEN): the page at
 * /checkout/sandbox/:id reads and decides a preapproval here. Deciding changes only the sandbox's
 * side; our subscription moves when the signed notification it sends has gone through
 * POST /api/webhooks/mercadopago and the sync job, exactly as with Mercado Pago.
 */
export async function sandboxCheckoutRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  async function load(request: FastifyRequest<IdParams>) {
    const userId = requireUserId(request);
    const sandbox = sandboxFor(ctx);
    if (!sandbox) throw new AppError('CHECKOUT_NOT_FOUND');
    let row: SandboxRow;
    try {
      row = await sandbox.find(request.params.id);
    } catch (err) {
      if (err instanceof PaymentProviderError) throw new AppError('CHECKOUT_NOT_FOUND');
      throw err;
    }
    const subscription = await findById(ctx.database.db, Number(row.externalReference));
    // Another user's checkout does not exist for this one.
    if (!subscription || subscription.userId !== userId) throw new AppError('CHECKOUT_NOT_FOUND');
    return { sandbox, row, planId: subscription.planId as PlanId };
  }

  function view(row: SandboxRow, planId: PlanId): SandboxCheckoutView {
    return {
      id: row.id,
      planId,
      reason: row.reason,
      amountCents: row.amountCents,
      payerEmail: row.payerEmail,
      freeTrialDays: row.freeTrialDays,
      status: row.status,
      firstChargeAt: row.nextPaymentDate?.toISOString() ?? null,
    };
  }

  async function notify(row: SandboxRow, sandbox: SandboxPaymentsAdapter) {
    const { requestId, body } = sandboxNotification(row.id);
    const response = await app.inject({
      method: 'POST',
      url: `/api/webhooks/mercadopago?data.id=${encodeURIComponent(row.id)}&type=${PREAPPROVAL_TOPIC}`,
      headers: {
        'content-type': 'application/json',
        'x-request-id': requestId,
        'x-signature': signNotification({
          secret: sandbox.webhookSecret,
          dataId: row.id,
          requestId,
        }),
      },
      payload: JSON.stringify(body),
    });
    if (response.statusCode !== 200) {
      throw new Error(`sandbox notification answered ${response.statusCode}`);
    }
  }

  app.get<IdParams>('/api/sandbox-checkout/:id', async (request) => {
    const { row, planId } = await load(request);
    return view(row, planId);
  });

  for (const decision of ['approve', 'decline'] as const) {
    app.post<IdParams>(`/api/sandbox-checkout/:id/${decision}`, async (request) => {
      const { sandbox, row } = await load(request);
      if (row.status !== 'pending') throw new AppError('CHECKOUT_DECIDED');
      const decided =
        decision === 'approve' ? await sandbox.approve(row.id) : await sandbox.decline(row.id);
      await notify(decided, sandbox);
      const back = new URL(decided.backUrl);
      back.searchParams.set('preapproval_id', decided.id);
      return { redirectUrl: back.pathname + back.search };
    });
  }
}
