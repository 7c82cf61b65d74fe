import type { BillingOverview } from '@common/schemas/subscription';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * The one key of the user's subscription, read by the dashboard banner, the return page and
 * Settings › Assinatura: a change of plan or a cancellation there refreshes the others too.
 */
export const billingQueryKey = ['subscription'] as const;

/** GET /api/subscription: the user's subscription, the plan whose limits apply, agents over it. */
export function getBilling(): Promise<BillingOverview> {
  return apiRequest<BillingOverview>('/api/subscription');
}

/** The signed-in user's subscription; `pollWhile` keeps re-reading while waiting for the provider. */
export function useBillingQuery(
  options: { pollMs?: number; pollWhile?: (data?: BillingOverview) => boolean } = {},
) {
  const { pollMs, pollWhile } = options;
  return useQuery({
    queryKey: billingQueryKey,
    queryFn: getBilling,
    refetchInterval: (query) => (pollMs && pollWhile?.(query.state.data) ? pollMs : false),
  });
}
