import { useMutation, useQueryClient } from '@tanstack/react-query';
import { documentsQueryKey, type AgentDocument } from '@/features/agents/api/get-documents';
import { apiRequest } from '@/lib/api-client';

/** PATCH /api/agents/{id}/documents/{documentId}: the name customers see; null clears it. */
export function updateDocumentTitle({
  agentId,
  documentId,
  publicTitle,
}: {
  agentId: number;
  documentId: number;
  publicTitle: string | null;
}): Promise<AgentDocument> {
  return apiRequest<AgentDocument>(`/api/agents/${agentId}/documents/${documentId}`, {
    method: 'PATCH',
    body: { publicTitle },
  });
}

export function useUpdateDocumentTitleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDocumentTitle,
    onSuccess: async (_doc, { agentId }) => {
      await queryClient.invalidateQueries({ queryKey: documentsQueryKey(agentId) });
    },
  });
}
