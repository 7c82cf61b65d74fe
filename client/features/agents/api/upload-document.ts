import { useMutation, useQueryClient } from '@tanstack/react-query';
import { documentsQueryKey, type AgentDocument } from '@/features/agents/api/get-documents';
import { apiRequest } from '@/lib/api-client';

/** POST /api/agents/{id}/upload-document: multipart, one file field named `document`. */
export function uploadDocument({
  agentId,
  file,
}: {
  agentId: number;
  file: File;
}): Promise<AgentDocument> {
  const body = new FormData();
  body.append('document', file, file.name);
  return apiRequest<AgentDocument>(`/api/agents/${agentId}/upload-document`, {
    method: 'POST',
    body,
  });
}

export function useUploadDocumentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDocument,
    onSuccess: async (_doc, { agentId }) => {
      await queryClient.invalidateQueries({ queryKey: documentsQueryKey(agentId) });
    },
  });
}
