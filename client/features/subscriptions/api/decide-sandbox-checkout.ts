import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export type SandboxDecision = 'approve' | 'decline';

/** POST /api/sandbox-checkout/{id}/approve|decline: the test checkout's answer. */
export function decideSandboxCheckout(
  id: string,
  decision: SandboxDecision,
): Promise<{ redirectUrl: string }> {
  return apiRequest<{ redirectUrl: string }>(
    `/api/sandbox-checkout/${encodeURIComponent(id)}/${decision}`,
    { method: 'POST' },
  );
}

export function useDecideSandboxCheckoutMutation(id: string) {
  return useMutation({
    mutationFn: (decision: SandboxDecision) => decideSandboxCheckout(id, decision),
    onSuccess: ({ redirectUrl }) => {
      // Like the provider's redirect back to us: a full page load of the return page.
      window.location.assign(redirectUrl);
    },
  });
}
