import type { WhatsappInstanceView, WhatsappQrResponse } from '@common/schemas/whatsapp';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { whatsappQueryKey } from '@/features/whatsapp/api/keys';
import { apiRequest } from '@/lib/api-client';

/** GET /api/agents/{id}/whatsapp/fetch-qr → the current QR code, or null while none exists. */
export function fetchWhatsappQr(agentId: number): Promise<WhatsappQrResponse> {
  return apiRequest<WhatsappQrResponse>(`/api/agents/${agentId}/whatsapp/fetch-qr`);
}

export function useFetchWhatsappQrMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fetchWhatsappQr,
    onSuccess: (answer, agentId) => {
      queryClient.setQueryData<WhatsappInstanceView>(whatsappQueryKey(agentId), (view) =>
        view
          ? { ...view, qrCode: answer.qrCode ?? view.qrCode, status: answer.status ?? view.status }
          : view,
      );
    },
  });
}
