import { z } from 'zod';
import { PLAN_IDS } from '../plans';
import type { SubscriptionStatus } from '../subscription-status';

export {
  LIVE_SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_STATUSES,
  type SubscriptionStatus,
} from '../subscription-status';

/**
 * Subscription contracts shared by the subscription screen, Settings › Assinatura, the sandbox
 * checkout and the server (`POST /api/subscriptions/create`). Messages are keys of the
 * `errors` catalogue.
 */
/** Days without charge after checkout: the 7-day guarantee every plan offers. */
export const TRIAL_DAYS = 7;

const planId = z.enum(PLAN_IDS, 'validation.planInvalid');

export const createSubscriptionSchema = z.object({
  planId,
  /** the payer's Mercado Pago account e-mail (the checkout refuses any other account) */
  userEmail: z
    .string('validation.emailInvalid')
    .trim()
    .toLowerCase()
    .pipe(z.email('validation.emailInvalid')),
  userName: z
    .string('validation.nameRequired')
    .trim()
    .min(1, 'validation.nameRequired')
    .max(120, 'validation.nameMax'),
});
export type CreateSubscriptionInput = z.infer<typeof createSubscriptionSchema>;

export const changePlanSchema = z.object({ planId });
export type ChangePlanInput = z.infer<typeof changePlanSchema>;

export const contactRequestSchema = z.object({
  planId,
  name: z
    .string('validation.nameRequired')
    .trim()
    .min(1, 'validation.nameRequired')
    .max(120, 'validation.nameMax'),
  email: z
    .string('validation.emailInvalid')
    .trim()
    .toLowerCase()
    .pipe(z.email('validation.emailInvalid')),
  phone: z
    .string()
    .trim()
    .max(30, 'billing.phoneInvalid')
    .regex(/^[0-9+()\-\s]*$/, 'billing.phoneInvalid')
    .optional(),
  message: z.string().trim().max(2000, 'billing.messageTooLong').optional(),
});
export type ContactRequestInput = z.infer<typeof contactRequestSchema>;

export interface SubscriptionView {
  id: number;
  planId: (typeof PLAN_IDS)[number];
  /** our state; an unknown provider word never changes it (see providerStatus) */
  status: SubscriptionStatus;
  providerStatus: string | null;
  provider: 'mercadopago' | 'sandbox';
  amountCents: number;
  payerEmail: string;
  /** ISO dates (UTC) */
  trialEndsAt: string | null;
  nextChargeAt: string | null;
  cancelledAt: string | null;
  createdAt: string;
  checkoutUrl: string | null;
}

export interface BillingOverview {
  /** the latest subscription that is not an abandoned checkout, or null */
  subscription: SubscriptionView | null;
  /** trialing or active: WhatsApp and the website widget answer customers */
  servesCustomers: boolean;
  /** the plan whose limits apply now (null without a subscription: build and test only) */
  limitsPlanId: (typeof PLAN_IDS)[number] | null;
  agentCount: number;
  /** agents beyond the plan's limit (oldest kept); they do not answer customers until resolved */
  agentsOverLimit: number[];
}

export interface ContactRequestResult {
  id: number;
  /** wa.me link to the sales team when SALES_WHATSAPP_NUMBER is configured */
  whatsappUrl: string | null;
}

export interface SandboxCheckoutView {
  id: string;
  planId: (typeof PLAN_IDS)[number];
  reason: string;
  amountCents: number;
  payerEmail: string;
  freeTrialDays: number | null;
  status: string;
  firstChargeAt: string | null;
}
