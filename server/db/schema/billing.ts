import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './accounts';

/**
 * Billing: subscriptions, payment events, the sandbox checkout's preapprovals and requests to talk
 * to sales.
 */

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id').notNull(),
    /** pending | trialing | active | paused | cancelled | other provider statuses kept as-is */
    status: text('status').notNull().default('pending'),
    /** 'mercadopago' | 'sandbox' */
    provider: text('provider').notNull(),
    providerSubscriptionId: text('provider_subscription_id'),
    amountCents: integer('amount_cents').notNull(),
    payerEmail: text('payer_email').notNull(),
    checkoutUrl: text('checkout_url'),
    /** the provider's own status word, kept as received (our `status` is the mapped state) */
    providerStatus: text('provider_status'),
    /** idempotency key of the checkout attempt that created this row */
    idempotencyKey: text('idempotency_key'),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    nextChargeAt: timestamp('next_charge_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId),
    uniqueIndex('subscriptions_provider_id_key').on(t.providerSubscriptionId),
  ],
);

export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, {
      onDelete: 'set null',
    }),
    /** the provider's notification id (deduplication key) */
    providerEventId: text('provider_event_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_provider_key').on(t.providerEventId, t.type)],
);

/** Requests to talk to a consultant (the consultoria plan never goes to online checkout). */
export const contactRequests = pgTable('contact_requests', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  planId: text('plan_id').notNull(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  message: text('message'),
  createdAt: createdAt(),
});

/**
 * The built-in sandbox checkout's side of a subscription (used when MERCADOPAGO_ACCESS_TOKEN is
 * unset): what Mercado Pago would hold for a preapproval. The sync re-reads it exactly as it would
 * `GET /preapproval/{id}`; amounts are integer cents like everywhere else.
 */
export const sandboxPreapprovals = pgTable('sandbox_preapprovals', {
  id: text('id').primaryKey(),
  /** pending | authorized | paused | cancelled (Mercado Pago's words) */
  status: text('status').notNull().default('pending'),
  reason: text('reason').notNull(),
  externalReference: text('external_reference').notNull(),
  payerEmail: text('payer_email').notNull(),
  amountCents: integer('amount_cents').notNull(),
  freeTrialDays: integer('free_trial_days'),
  backUrl: text('back_url').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  nextPaymentDate: timestamp('next_payment_date', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
