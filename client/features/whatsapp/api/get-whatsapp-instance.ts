import type { WhatsappInstanceView, WhatsappView } from '@common/schemas/whatsapp';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { whatsappQueryKey } from '@/features/whatsapp/api/keys';
import { ApiError, apiRequest } from '@/lib/api-client';

export const NO_INSTANCE: WhatsappView = {
  hasInstance: false,
  status: null,
  qrCode: null,
  instanceName: null,
  phoneNumber: null,
  createdAt: null,
  updatedAt: null,
  connectedNumber: null,
  connectedAt: null,
  simulator: false,
  channel: null,
  cloud: null,
  cloudOffer: { allowed: false, signup: null, simulator: false },
};

/**
 * GET /api/agents/{id}/whatsapp. A non-OK answer counts as "no instance" — except a 401/404,
 * which the screens must not hide behind a create form (signed out, agent gone).
 */
export async function getWhatsappInstance(agentId: number): Promise<WhatsappView> {
  try {
    return await apiRequest<WhatsappView>(`/api/agents/${agentId}/whatsapp`);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 404)) throw error;
    return NO_INSTANCE;
  }
}

/**
 * Stores what a QR-code route answered over the cached view: those routes may answer only the
 * instance's fields, and the official number's offer and channel must not be lost with them.
 */
export function storeInstanceView(
  queryClient: QueryClient,
  agentId: number,
  view: WhatsappInstanceView,
): void {
  queryClient.setQueryData<WhatsappView>(whatsappQueryKey(agentId), (cached) => ({
    ...(cached ?? NO_INSTANCE),
    ...view,
  }));
}

export function useWhatsappInstanceQuery(agentId: number) {
  return useQuery({
    queryKey: whatsappQueryKey(agentId),
    queryFn: () => getWhatsappInstance(agentId),
  });
}
