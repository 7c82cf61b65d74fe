import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { PaymentProviderError } from '../../adapters/payments/payments-adapter';
import { parseSignatureHeader, verifySignature } from '../../adapters/payments/webhook-signature';
import { AppError } from '../../lib/errors';
import { notifyOwnerQuietly } from '../notifications';
import { paymentsFor } from './payments';
import { applyPreapproval } from './subscriptions.service';
import * as repo from './subscriptions.repo';

/**
 * Webhooks: authenticate, dedupe, acknowledge fast, process in a job, re-read the truth
 * (providers retry, reorder and duplicate). The notification says only "look at id X"; the
 * state always comes from `GET /preapproval/{id}`, so duplicates and out-of-order deliveries
 * cannot move a subscription the wrong way.
 */
export const SYNC_QUEUE = 'subscriptions-sync';
export const RECONCILE_QUEUE = 'subscriptions-reconcile';
export const SUBSCRIPTION_QUEUES = [SYNC_QUEUE, RECONCILE_QUEUE];

export const PREAPPROVAL_TOPIC = 'subscription_preapproval';
export const AUTHORIZED_PAYMENT_TOPIC = 'subscription_authorized_payment';
const SYNCED_TOPICS = new Set([PREAPPROVAL_TOPIC, AUTHORIZED_PAYMENT_TOPIC]);
/** payment_events.type of a received webhook notification (the topic is in its payload) */
const NOTIFICATION_EVENT = 'webhook_notification';

export interface SyncJob {
  topic: string;
  dataId: string;
}

const idValue = z.union([z.string(), z.number()]).transform(String);
const notificationSchema = z.looseObject({
  id: idValue.optional(),
  type: z.string().optional(),
  topic: z.string().optional(),
  action: z.string().optional(),
  data: z.looseObject({ id: idValue.optional() }).optional(),
});

export interface IncomingNotification {
  query: Record<string, unknown>;
  body: unknown;
  xSignature: string | undefined;
  xRequestId: string | undefined;
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

/** Verifies and records a notification; enqueues its sync unless it was already received. */
export async function receiveNotification(
  ctx: AppContext,
  incoming: IncomingNotification,
  logger: FastifyBaseLogger,
): Promise<'accepted' | 'duplicate' | 'ignored'> {
  const parsed = notificationSchema.safeParse(incoming.body ?? {});
  const body = parsed.success ? parsed.data : {};
  // The signed id is the query's data.id; the body's is the fallback (they should be equal).
  const dataId = text(incoming.query['data.id']) ?? body.data?.id;
  const problem = verifySignature({
    secret: paymentsFor(ctx).webhookSecret,
    xSignature: incoming.xSignature,
    xRequestId: incoming.xRequestId,
    dataId,
  });
  if (problem || !paymentsFor(ctx).webhookSecret) {
    logger.warn({ problem: problem ?? 'no secret configured' }, 'payment webhook refused');
    throw new AppError('WEBHOOK_SIGNATURE');
  }
  const topic = body.type ?? text(incoming.query.type) ?? body.topic ?? text(incoming.query.topic);
  if (!topic || !dataId) return 'ignored';
  // Only what the signature covers names the notification: a replay inside the signature's
  // window with an edited body (its id, type or action) is still the same notification.
  const { ts } = parseSignatureHeader(incoming.xSignature);
  const isNew = await repo.recordPaymentEvent(ctx.database.db, {
    providerEventId: `${dataId};${incoming.xRequestId ?? ''};${ts ?? ''}`,
    type: NOTIFICATION_EVENT,
    payload: { topic, body: incoming.body ?? {} },
  });
  if (!isNew) return 'duplicate';
  if (!SYNCED_TOPICS.has(topic)) return 'ignored';
  await enqueueSync(ctx, { topic, dataId }, logger);
  return 'accepted';
}

async function enqueueSync(ctx: AppContext, job: SyncJob, logger: FastifyBaseLogger) {
  if (ctx.jobs) {
    await ctx.jobs.boss.send(SYNC_QUEUE, job, {
      retryLimit: 8,
      retryDelay: 30,
      retryBackoff: true,
    });
    return;
  }
  // No job runner in this process (a test without jobs): sync right after the answer.
  setImmediate(() => {
    runSync(ctx, job, logger).catch((err: unknown) => logger.error({ err }, 'sync failed'));
  });
}

/** The job: re-read what the notification points at and apply it. */
export async function runSync(ctx: AppContext, job: SyncJob, logger: FastifyBaseLogger) {
  try {
    if (job.topic === AUTHORIZED_PAYMENT_TOPIC) {
      const payment = await paymentsFor(ctx).getAuthorizedPayment(job.dataId);
      const isNew = await repo.recordPaymentEvent(ctx.database.db, {
        providerEventId: `${payment.id}:${payment.status}:${payment.paymentStatus ?? ''}`,
        type: 'authorized_payment',
        payload: payment,
      });
      const row = await syncPreapproval(ctx, payment.preapprovalId, logger);
      // A charge the card refused (Mercado Pago then retries it: `recycling`): the owner is told
      // once per payment state, so they can update the card before the subscription pauses.
      if (isNew && row && paymentProblem(payment)) {
        await notifyOwnerQuietly(ctx, row.userId, { kind: 'payment-problem' }, logger);
      }
      return;
    }
    await syncPreapproval(ctx, job.dataId, logger);
  } catch (err) {
    // An id the provider does not know will not appear by retrying.
    if (err instanceof PaymentProviderError && err.options.notFound) {
      logger.warn({ job }, 'payment notification for an unknown id dropped');
      return;
    }
    throw err;
  }
}

/** A charge that did not go through: refused, or being retried after a refusal. */
export function paymentProblem(payment: { status: string; paymentStatus: string | null }) {
  return payment.paymentStatus === 'rejected' || payment.status === 'recycling';
}

/** Re-reads one preapproval and moves the subscription it belongs to. */
export async function syncPreapproval(
  ctx: AppContext,
  preapprovalId: string,
  logger: FastifyBaseLogger,
): Promise<repo.SubscriptionRow | null> {
  const db = ctx.database.db;
  const pre = await paymentsFor(ctx).getPreapproval(preapprovalId);
  let row = await repo.findByProviderId(db, pre.id);
  if (!row && pre.externalReference && /^\d+$/.test(pre.externalReference)) {
    // Our create call may have failed after the provider created it: adopt it by reference.
    const byReference = await repo.findById(db, Number(pre.externalReference));
    if (byReference && !byReference.providerSubscriptionId) row = byReference;
  }
  if (!row) {
    logger.warn({ preapprovalId: pre.id }, 'preapproval of no subscription of ours');
    return null;
  }
  return applyPreapproval(ctx, row, pre, logger);
}

/** Daily: re-read every subscription the provider may still change (covers missed webhooks). */
export async function reconcileAll(ctx: AppContext, logger: FastifyBaseLogger) {
  const kind = paymentsFor(ctx).kind;
  // Rows made by another provider (the sandbox before a token was configured) are not re-read.
  const rows = (await repo.listNonFinal(ctx.database.db)).filter((r) => r.provider === kind);
  let changed = 0;
  let failed = 0;
  for (const row of rows) {
    try {
      const after = await syncPreapproval(ctx, row.providerSubscriptionId!, logger);
      if (after && after.status !== row.status) changed += 1;
    } catch (err) {
      failed += 1;
      logger.error({ err, subscriptionId: row.id }, 'reconciliation of one subscription failed');
    }
  }
  logger.info({ checked: rows.length, changed, failed }, 'subscriptions reconciled');
  return { checked: rows.length, changed, failed };
}

/** A signed notification like the provider's, for the sandbox checkout. */
export function sandboxNotification(dataId: string) {
  return {
    requestId: randomUUID(),
    body: {
      id: randomUUID(),
      type: PREAPPROVAL_TOPIC,
      action: 'updated',
      live_mode: false,
      date_created: new Date().toISOString(),
      data: { id: dataId },
    },
  };
}
