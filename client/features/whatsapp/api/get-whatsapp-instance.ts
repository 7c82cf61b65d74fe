import type { WhatsappInstanceView } from '@common/schemas/whatsapp';
import { useQuery } from '@tanstack/react-query';
import { whatsappQueryKey } from '@/features/whatsapp/api/keys';
import { ApiError, apiRequest } from '@/lib/api-client';

export const NO_INSTANCE: WhatsappInstanceView = {
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
};

/**
 * GET /api/agents/{id}/whatsapp. A non-OK answer counts as "no instance" — except a 401/404,
 * which the screens must not hide behind a create form (signed out, agent gone).
 */
export async function getWhatsappInstance(agentId: number): Promise<WhatsappInstanceView> {
  try {
    return await apiRequest<WhatsappInstanceView>(`/api/agents/${agentId}/whatsapp`);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 404)) throw error;
    return NO_INSTANCE;
  }
}

export function useWhatsappInstanceQuery(agentId: number) {
  return useQuery({
    queryKey: whatsappQueryKey(agentId),
    queryFn: () => getWhatsappInstance(agentId),
  });
}
