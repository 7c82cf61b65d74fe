import type { WhatsappInstanceView } from '@common/schemas/whatsapp';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { storeInstanceView } from '@/features/whatsapp/api/get-whatsapp-instance';
import { apiRequest } from '@/lib/api-client';

/** GET /api/agents/{id}/whatsapp/status: asks the gateway and answers the updated view. */
export function refreshWhatsappStatus(agentId: number): Promise<WhatsappInstanceView> {
  return apiRequest<WhatsappInstanceView>(`/api/agents/${agentId}/whatsapp/status`);
}

/** Refreshes and stores the answer where every WhatsApp screen of the agent reads it. */
export async function pollWhatsappStatus(
  queryClient: QueryClient,
  agentId: number,
): Promise<WhatsappInstanceView> {
  const view = await refreshWhatsappStatus(agentId);
  storeInstanceView(queryClient, agentId, view);
  return view;
}

export function useRefreshWhatsappStatusMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (agentId: number) => pollWhatsappStatus(queryClient, agentId) });
}
