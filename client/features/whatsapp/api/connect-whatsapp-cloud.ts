import type { ConnectWhatsappCloudInput, WhatsappView } from '@common/schemas/whatsapp';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { whatsappQueryKey } from '@/features/whatsapp/api/keys';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/agents/{id}/whatsapp/cloud → 201 the view with the official number: the code of
 * Meta's Embedded Signup (or of the simulator), or the ids and token of the manual form.
 */
export function connectWhatsappCloud({
  agentId,
  body,
}: {
  agentId: number;
  body: ConnectWhatsappCloudInput;
}): Promise<WhatsappView> {
  return apiRequest<WhatsappView>(`/api/agents/${agentId}/whatsapp/cloud`, {
    method: 'POST',
    body,
  });
}

export function useConnectWhatsappCloudMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectWhatsappCloud,
    onSuccess: async (view, { agentId }) => {
      queryClient.setQueryData(whatsappQueryKey(agentId), view);
      await queryClient.invalidateQueries({ queryKey: whatsappQueryKey(agentId) });
    },
  });
}
