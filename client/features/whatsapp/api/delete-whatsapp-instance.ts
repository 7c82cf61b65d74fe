import type { WhatsappDeleteResponse, WhatsappView } from '@common/schemas/whatsapp';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NO_INSTANCE } from '@/features/whatsapp/api/get-whatsapp-instance';
import { whatsappQueryKey } from '@/features/whatsapp/api/keys';
import { apiRequest } from '@/lib/api-client';

/** DELETE /api/agents/{id}/whatsapp → { message } ('Nenhuma instância…' when nothing was there). */
export function deleteWhatsappInstance(agentId: number): Promise<WhatsappDeleteResponse> {
  return apiRequest<WhatsappDeleteResponse>(`/api/agents/${agentId}/whatsapp`, {
    method: 'DELETE',
  });
}

/** Nothing was there to clean up: the toast reads 'Limpeza concluída', not 'Instância removida'. */
export function wasNothingToDelete(answer: WhatsappDeleteResponse): boolean {
  return answer.removed === false || /nenhuma inst[âa]ncia/i.test(answer.message);
}

export function useDeleteWhatsappInstanceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWhatsappInstance,
    onSuccess: (_answer, agentId) => {
      // The instance's fields go; the official number's offer stays until the next read.
      queryClient.setQueryData<WhatsappView>(whatsappQueryKey(agentId), (cached) => ({
        ...NO_INSTANCE,
        cloudOffer: cached?.cloudOffer ?? NO_INSTANCE.cloudOffer,
      }));
      queryClient.removeQueries({ queryKey: [...whatsappQueryKey(agentId), 'stats'] });
      queryClient.removeQueries({ queryKey: [...whatsappQueryKey(agentId), 'activity'] });
    },
  });
}
