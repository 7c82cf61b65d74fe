import type { SandboxCheckoutView } from '@common/schemas/subscription';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /api/sandbox-checkout/{id}: the built-in test checkout (no Mercado Pago configured). */
export function getSandboxCheckout(id: string): Promise<SandboxCheckoutView> {
  return apiRequest<SandboxCheckoutView>(`/api/sandbox-checkout/${encodeURIComponent(id)}`);
}

export function useSandboxCheckoutQuery(id: string) {
  return useQuery({ queryKey: ['sandbox-checkout', id], queryFn: () => getSandboxCheckout(id) });
}
