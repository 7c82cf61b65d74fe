import type { WebchatKeyRotation } from '@common/schemas/webchat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webchatCodeQueryKey } from '@/features/webchat/api/get-webchat-code';
import { apiRequest } from '@/lib/api-client';

/** POST /api/agents/{id}/webchat-key/rotate: a new public key; the old snippet stops working. */
export function rotateWebchatKey(agentId: number): Promise<WebchatKeyRotation> {
  return apiRequest<WebchatKeyRotation>(`/api/agents/${agentId}/webchat-key/rotate`, {
    method: 'POST',
  });
}

/** The snippet (and the preview built from it) carries the key, so it is fetched again. */
export function useRotateWebchatKeyMutation(agentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => rotateWebchatKey(agentId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: webchatCodeQueryKey(agentId) });
    },
  });
}
