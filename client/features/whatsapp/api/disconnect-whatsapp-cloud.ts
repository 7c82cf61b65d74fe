import type { WhatsappView } from '@common/schemas/whatsapp';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { whatsappQueryKey } from '@/features/whatsapp/api/keys';
import { apiRequest } from '@/lib/api-client';

/** DELETE /api/agents/{id}/whatsapp/cloud → the view without the official number. */
export function disconnectWhatsappCloud(agentId: number): Promise<WhatsappView> {
  return apiRequest<WhatsappView>(`/api/agents/${agentId}/whatsapp/cloud`, { method: 'DELETE' });
}

export function useDisconnectWhatsappCloudMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectWhatsappCloud,
    onSuccess: async (view, agentId) => {
      queryClient.setQueryData(whatsappQueryKey(agentId), view);
      await queryClient.invalidateQueries({ queryKey: whatsappQueryKey(agentId) });
    },
  });
}
