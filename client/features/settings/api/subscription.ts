import type { PlanId } from '@common/plans';
import type { BillingOverview, SubscriptionView } from '@common/schemas/subscription';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Same key as the dashboard banner's read, so a change here refreshes it too. */
export const billingQueryKey = ['subscription'] as const;

export function useBillingOverviewQuery() {
  return useQuery({
    queryKey: billingQueryKey,
    queryFn: () => apiRequest<BillingOverview>('/api/subscription'),
  });
}

export function useCancelSubscriptionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<SubscriptionView>('/api/subscription/cancel', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingQueryKey }),
  });
}

export function useChangePlanMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (planId: PlanId) =>
      apiRequest<SubscriptionView>('/api/subscription/plan', {
        method: 'PUT',
        body: { planId },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingQueryKey }),
  });
}
