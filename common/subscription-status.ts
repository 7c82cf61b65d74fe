/**
 * The states of a subscription, apart from the zod schemas (`schemas/subscription.ts` re-exports
 * them) so a public page that only reads a status does not download the validation code.
 */
export const SUBSCRIPTION_STATUSES = [
  'pending',
  'trialing',
  'active',
  'paused',
  'cancelled',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** A subscription the owner holds (paused included): they have nothing left to sign up for. */
export const LIVE_SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = [
  'trialing',
  'active',
  'paused',
];
