import { useMutation, useQueryClient } from '@tanstack/react-query';
import { documentsQueryKey, type AgentDocument } from '@/features/agents/api/get-documents';
import { apiRequest } from '@/lib/api-client';

/** POST /api/agents/{id}/documents/{documentId}/reprocess: back to pending from the kept file. */
export function reprocessDocument({
  agentId,
  documentId,
}: {
  agentId: number;
  documentId: number;
}): Promise<AgentDocument> {
  return apiRequest<AgentDocument>(`/api/agents/${agentId}/documents/${documentId}/reprocess`, {
    method: 'POST',
  });
}

export function useReprocessDocumentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reprocessDocument,
    onSuccess: async (_doc, { agentId }) => {
      await queryClient.invalidateQueries({ queryKey: documentsQueryKey(agentId) });
    },
  });
}
