import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { getPlan, type PlanId } from '@common/plans';
import {
  TRIAL_DAYS,
  type BillingOverview,
  type CreateSubscriptionInput,
  type SubscriptionStatus,
  type SubscriptionView,
} from '@common/schemas/subscription';
import type { AppContext } from '../../app-context';
import {
  isChargeableAmount,
  PaymentProviderError,
  type Preapproval,
} from '../../adapters/payments/payments-adapter';
import { AppError } from '../../lib/errors';
import { entitlementFor } from './entitlements';
import { paymentsFor } from './payments';
import { planName } from './plan-names';
import * as repo from './subscriptions.repo';
import { nextStatus } from './state-machine';

const DAY_MS = 24 * 60 * 60 * 1000;

export function toView(row: repo.SubscriptionRow): SubscriptionView {
  return {
    id: row.id,
    planId: row.planId as PlanId,
    status: row.status as SubscriptionStatus,
    providerStatus: row.providerStatus,
    provider: row.provider as SubscriptionView['provider'],
    amountCents: row.amountCents,
    payerEmail: row.payerEmail,
    trialEndsAt: row.trialEndsAt?.toISOString() ?? null,
    nextChargeAt: row.nextChargeAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    checkoutUrl: row.status === 'pending' ? row.checkoutUrl : null,
  };
}

function providerFailed(err: unknown, logger: FastifyBaseLogger, what: string): AppError {
  logger.error({ err }, `payment provider: ${what} failed`);
  return new AppError('PAYMENT_PROVIDER_FAILED');
}

/**
 * Moves our row to what the provider's preapproval says (the one place the state machine is
 * applied: webhook sync, reconciliation, and the answers to our own cancel and plan change).
 */
export async function applyPreapproval(
  ctx: AppContext,
  row: repo.SubscriptionRow,
  pre: Preapproval,
  logger: FastifyBaseLogger,
): Promise<repo.SubscriptionRow> {
  const now = new Date();
  let trialEndsAt = row.trialEndsAt;
  if (pre.status === 'authorized' && !trialEndsAt) {
    // The free trial runs from the moment the buyer completed checkout to the first charge.
    trialEndsAt =
      pre.nextPaymentDate ?? new Date(now.getTime() + (pre.freeTrialDays ?? 0) * DAY_MS);
  }
  const { status, known } = nextStatus({ status: row.status, trialEndsAt }, pre.status, now);
  if (!known) {
    logger.warn(
      { subscriptionId: row.id, providerStatus: pre.status },
      'unknown provider status kept; our state unchanged',
    );
  }
  const cancelled = status === 'cancelled';
  return repo.updateSubscription(ctx.database.db, row.id, {
    status,
    providerStatus: pre.status,
    providerSubscriptionId: row.providerSubscriptionId ?? pre.id,
    lastSyncedAt: now,
    trialEndsAt,
    nextChargeAt: cancelled ? null : (pre.nextPaymentDate ?? row.nextChargeAt),
    cancelledAt: cancelled ? (row.cancelledAt ?? now) : row.cancelledAt,
    amountCents: pre.amountCents ?? row.amountCents,
  });
}

/** Gives up an unfinished checkout so its old link can never start a second subscription. */
async function abandonCheckout(
  ctx: AppContext,
  row: repo.SubscriptionRow,
  logger: FastifyBaseLogger,
) {
  if (row.providerSubscriptionId && row.provider === paymentsFor(ctx).kind) {
    try {
      const pre = await paymentsFor(ctx).updatePreapproval(
        row.providerSubscriptionId,
        { status: 'cancelled' },
        `sub-cancel:${row.id}`,
      );
      await applyPreapproval(ctx, row, pre, logger);
      return;
    } catch (err) {
      if (!(err instanceof PaymentProviderError && err.options.notFound)) {
        throw providerFailed(err, logger, 'abandon checkout');
      }
    }
  }
  await repo.updateSubscription(ctx.database.db, row.id, {
    status: 'cancelled',
    cancelledAt: new Date(),
  });
}

/** POST /api/subscriptions/create: a pending subscription and the provider's checkout link. */
export async function createCheckout(
  ctx: AppContext,
  userId: number,
  input: CreateSubscriptionInput,
  logger: FastifyBaseLogger,
): Promise<{ init_point: string }> {
  const db = ctx.database.db;
  const plan = getPlan(input.planId);
  // Above Mercado Pago's per-subscription range: sold by a consultant, never by checkout.
  if (plan.contactSales || !isChargeableAmount(plan.priceCents)) {
    throw new AppError('PLAN_CONTACT_SALES');
  }
  const live = await repo.findLive(db, userId);
  if (live) throw new AppError('SUBSCRIPTION_EXISTS', { params: { plan: planName(live.planId) } });

  const payments = paymentsFor(ctx);
  for (const pending of await repo.listPending(db, userId)) {
    const sameAttempt =
      pending.planId === plan.id &&
      pending.payerEmail === input.userEmail &&
      pending.provider === payments.kind &&
      pending.checkoutUrl;
    if (sameAttempt) return { init_point: pending.checkoutUrl! };
    await abandonCheckout(ctx, pending, logger);
  }

  const row = await repo.insertSubscription(db, {
    userId,
    planId: plan.id,
    status: 'pending',
    provider: payments.kind,
    amountCents: plan.priceCents,
    payerEmail: input.userEmail,
    idempotencyKey: `sub-create:${userId}:${randomUUID()}`,
  });
  let pre: Preapproval;
  try {
    pre = await payments.createPreapproval({
      externalReference: String(row.id),
      payerEmail: input.userEmail,
      reason: `Plano ${planName(plan.id)} – AI Agent Builder`,
      amountCents: plan.priceCents,
      backUrl: `${ctx.config.PUBLIC_URL}/subscription/return`,
      freeTrialDays: TRIAL_DAYS,
      idempotencyKey: row.idempotencyKey!,
    });
  } catch (err) {
    await repo.deleteSubscription(db, row.id);
    throw providerFailed(err, logger, 'create preapproval');
  }
  await repo.updateSubscription(db, row.id, {
    providerSubscriptionId: pre.id,
    providerStatus: pre.status,
    checkoutUrl: pre.initPoint,
  });
  return { init_point: pre.initPoint! };
}

/** Upgrade or downgrade at any time (plans FAQ): the same subscription, a new monthly amount. */
export async function changePlan(
  ctx: AppContext,
  userId: number,
  planId: PlanId,
  logger: FastifyBaseLogger,
): Promise<SubscriptionView> {
  const plan = getPlan(planId);
  const live = await repo.findLive(ctx.database.db, userId);
  if (!live?.providerSubscriptionId) throw new AppError('SUBSCRIPTION_NOT_FOUND');
  if (plan.contactSales || !isChargeableAmount(plan.priceCents)) {
    throw new AppError('PLAN_CONTACT_SALES');
  }
  if (live.planId === plan.id) throw new AppError('PLAN_UNCHANGED');
  let pre: Preapproval;
  try {
    pre = await paymentsFor(ctx).updatePreapproval(
      live.providerSubscriptionId,
      { amountCents: plan.priceCents },
      `sub-plan:${live.id}:${randomUUID()}`,
    );
  } catch (err) {
    throw providerFailed(err, logger, 'change amount');
  }
  const moved = await repo.updateSubscription(ctx.database.db, live.id, {
    planId: plan.id,
    amountCents: plan.priceCents,
  });
  return toView(await applyPreapproval(ctx, moved, pre, logger));
}

/** Cancel at any time without penalty; inside the free trial nothing is ever charged. */
export async function cancelSubscription(
  ctx: AppContext,
  userId: number,
  logger: FastifyBaseLogger,
): Promise<SubscriptionView> {
  const db = ctx.database.db;
  const row = (await repo.findLive(db, userId)) ?? (await repo.listPending(db, userId))[0];
  if (!row) throw new AppError('SUBSCRIPTION_NOT_FOUND');
  if (!row.providerSubscriptionId) {
    return toView(
      await repo.updateSubscription(db, row.id, { status: 'cancelled', cancelledAt: new Date() }),
    );
  }
  let pre: Preapproval;
  try {
    pre = await paymentsFor(ctx).updatePreapproval(
      row.providerSubscriptionId,
      { status: 'cancelled' },
      `sub-cancel:${row.id}`,
    );
  } catch (err) {
    throw providerFailed(err, logger, 'cancel');
  }
  return toView(await applyPreapproval(ctx, row, pre, logger));
}

export async function billingOverview(ctx: AppContext, userId: number): Promise<BillingOverview> {
  const db = ctx.database.db;
  const shown = (await repo.findLive(db, userId)) ?? (await repo.findLatest(db, userId));
  const entitlement = await entitlementFor(db, userId);
  return {
    subscription: shown ? toView(shown) : null,
    servesCustomers: entitlement.servesCustomers,
    limitsPlanId: entitlement.plan?.id ?? null,
    agentCount: entitlement.agentIds.length,
    agentsOverLimit: entitlement.agentsOverLimit,
  };
}
