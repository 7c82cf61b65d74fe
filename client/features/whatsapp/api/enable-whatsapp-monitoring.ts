import type { WhatsappInstanceView } from '@common/schemas/whatsapp';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { whatsappQueryKey } from '@/features/whatsapp/api/keys';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/agents/{id}/whatsapp/enable-monitoring: registers our webhook at the gateway again
 * (incoming messages reach the agent) and answers the refreshed view.
 */
export function enableWhatsappMonitoring(agentId: number): Promise<WhatsappInstanceView | null> {
  return apiRequest<WhatsappInstanceView | null>(
    `/api/agents/${agentId}/whatsapp/enable-monitoring`,
    { method: 'POST' },
  );
}

export function useEnableWhatsappMonitoringMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableWhatsappMonitoring,
    onSuccess: async (view, agentId) => {
      if (view && typeof view === 'object' && 'hasInstance' in view) {
        queryClient.setQueryData(whatsappQueryKey(agentId), view);
      } else {
        await queryClient.invalidateQueries({ queryKey: whatsappQueryKey(agentId) });
      }
    },
  });
}
