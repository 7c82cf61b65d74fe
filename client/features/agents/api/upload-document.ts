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
      // A list read still in flight may have been answered before this upload: on a first load
      // (no data yet) invalidating would only wait for it, so it is cancelled and read again.
      await queryClient.cancelQueries({ queryKey: documentsQueryKey(agentId) });
      await queryClient.invalidateQueries({ queryKey: documentsQueryKey(agentId) });
    },
  });
}
