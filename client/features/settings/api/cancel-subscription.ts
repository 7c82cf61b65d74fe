import type { SubscriptionView } from '@common/schemas/subscription';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { billingQueryKey } from '@/lib/billing/get-billing';

/** POST /api/subscription/cancel: cancels the subscription (final). */
export function cancelSubscription(): Promise<SubscriptionView> {
  return apiRequest<SubscriptionView>('/api/subscription/cancel', { method: 'POST' });
}

export function useCancelSubscriptionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingQueryKey }),
  });
}
