import type { WhatsappInstanceView } from '@common/schemas/whatsapp';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storeInstanceView } from '@/features/whatsapp/api/get-whatsapp-instance';
import { apiRequest } from '@/lib/api-client';

/** POST /api/agents/{id}/whatsapp/create-instance → the view, with the QR when the gateway had one. */
export function createWhatsappInstance({
  agentId,
  phoneNumber,
}: {
  agentId: number;
  phoneNumber: string;
}): Promise<WhatsappInstanceView> {
  return apiRequest<WhatsappInstanceView>(`/api/agents/${agentId}/whatsapp/create-instance`, {
    method: 'POST',
    body: { phoneNumber },
  });
}

export function useCreateWhatsappInstanceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWhatsappInstance,
    onSuccess: (view, { agentId }) => {
      storeInstanceView(queryClient, agentId, view);
    },
  });
}
