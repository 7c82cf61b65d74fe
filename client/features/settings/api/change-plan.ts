import type { PlanId } from '@common/plans';
import type { SubscriptionView } from '@common/schemas/subscription';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { billingQueryKey } from '@/lib/billing/get-billing';

/** PUT /api/subscription/plan: the same subscription goes on with the new plan's amount. */
export function changePlan(planId: PlanId): Promise<SubscriptionView> {
  return apiRequest<SubscriptionView>('/api/subscription/plan', {
    method: 'PUT',
    body: { planId },
  });
}

export function useChangePlanMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingQueryKey }),
  });
}
