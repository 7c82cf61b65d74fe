import type { PlanId } from '@common/plans';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

export interface CreateSubscriptionInput {
  planId: PlanId;
  userEmail: string;
  userName: string;
}

// The checkout address is followed with a full-page redirect, so only http(s) is accepted.
const checkoutSchema = z.object({ init_point: z.url({ protocol: /^https?$/ }) });
export type Checkout = z.infer<typeof checkoutSchema>;

export async function createSubscription(input: CreateSubscriptionInput): Promise<Checkout> {
  const body = await apiRequest<unknown>('/api/subscriptions/create', {
    method: 'POST',
    body: input,
  });
  return checkoutSchema.parse(body);
}

/** Starts the subscription; on success the browser leaves for the provider's checkout page. */
export function useCreateSubscriptionMutation() {
  return useMutation({
    mutationFn: createSubscription,
    onSuccess: ({ init_point }) => {
      window.location.href = init_point;
    },
  });
}
