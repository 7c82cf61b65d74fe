import { useMutation, useQueryClient } from '@tanstack/react-query';
import { documentsQueryKey } from '@/features/agents/api/get-documents';
import { apiRequest } from '@/lib/api-client';

/** DELETE /api/agents/{id}/documents/{documentId} (204); its passages go with it. */
export function deleteDocument({
  agentId,
  documentId,
}: {
  agentId: number;
  documentId: number;
}): Promise<void> {
  return apiRequest<void>(`/api/agents/${agentId}/documents/${documentId}`, { method: 'DELETE' });
}

export function useDeleteDocumentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: async (_result, { agentId }) => {
      await queryClient.invalidateQueries({ queryKey: documentsQueryKey(agentId) });
    },
  });
}
