import type { WhatsappDeleteResponse } from '@common/schemas/whatsapp';
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
      queryClient.setQueryData(whatsappQueryKey(agentId), NO_INSTANCE);
      queryClient.removeQueries({ queryKey: [...whatsappQueryKey(agentId), 'stats'] });
      queryClient.removeQueries({ queryKey: [...whatsappQueryKey(agentId), 'activity'] });
    },
  });
}
