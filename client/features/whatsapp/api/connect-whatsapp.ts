import type { WhatsappInstanceView } from '@common/schemas/whatsapp';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storeInstanceView } from '@/features/whatsapp/api/get-whatsapp-instance';
import { apiRequest } from '@/lib/api-client';

/** POST /api/agents/{id}/whatsapp/connect → the view with a fresh QR code ('Gerar QR Code'). */
export function connectWhatsapp(agentId: number): Promise<WhatsappInstanceView> {
  return apiRequest<WhatsappInstanceView>(`/api/agents/${agentId}/whatsapp/connect`, {
    method: 'POST',
  });
}

export function useConnectWhatsappMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectWhatsapp,
    onSuccess: (view, agentId) => {
      storeInstanceView(queryClient, agentId, view);
    },
  });
}
