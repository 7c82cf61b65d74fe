import type { SandboxCheckoutView } from '@common/schemas/subscription';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The built-in test checkout (used when Mercado Pago is not configured). */
export function useSandboxCheckoutQuery(id: string) {
  return useQuery({
    queryKey: ['sandbox-checkout', id],
    queryFn: () =>
      apiRequest<SandboxCheckoutView>(`/api/sandbox-checkout/${encodeURIComponent(id)}`),
  });
}

export function useDecideSandboxCheckoutMutation(id: string) {
  return useMutation({
    mutationFn: (decision: 'approve' | 'decline') =>
      apiRequest<{ redirectUrl: string }>(
        `/api/sandbox-checkout/${encodeURIComponent(id)}/${decision}`,
        { method: 'POST' },
      ),
    onSuccess: ({ redirectUrl }) => {
      // Like the provider's redirect back to us: a full page load of the return page.
      window.location.assign(redirectUrl);
    },
  });
}
