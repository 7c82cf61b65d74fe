import type { PlanId } from '@common/plans';
import { LIVE_SUBSCRIPTION_STATUSES } from '@common/subscription-status';
import { Redirect } from 'wouter';
import { useBillingQuery } from '@/lib/billing/get-billing';

/**
 * Someone already signed in has nothing to do on the sign-in page: a subscriber goes to the
 * dashboard, anyone else to the subscription step with the chosen plan (a subscriber must not see
 * the plan picker again).
 */
export function SignedInRedirect({ planId }: { planId: PlanId }) {
  const billing = useBillingQuery();
  if (billing.isPending) return null;
  const status = billing.data?.subscription?.status;
  const subscriber = status !== undefined && LIVE_SUBSCRIPTION_STATUSES.includes(status);
  return <Redirect to={subscriber ? '/dashboard' : `/subscription?plan=${planId}`} replace />;
}
