import type { WhatsappMonitoringResponse } from '@common/schemas/whatsapp';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { whatsappQueryKey } from '@/features/whatsapp/api/keys';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/agents/{id}/whatsapp/enable-monitoring: registers our webhook at the gateway again
 * (incoming messages reach the agent) and says which webhook is now registered.
 */
export function enableWhatsappMonitoring(agentId: number): Promise<WhatsappMonitoringResponse> {
  return apiRequest<WhatsappMonitoringResponse>(
    `/api/agents/${agentId}/whatsapp/enable-monitoring`,
    { method: 'POST' },
  );
}

export function useEnableWhatsappMonitoringMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableWhatsappMonitoring,
    onSuccess: async (_answer, agentId) => {
      await queryClient.invalidateQueries({ queryKey: whatsappQueryKey(agentId), exact: true });
    },
  });
}
