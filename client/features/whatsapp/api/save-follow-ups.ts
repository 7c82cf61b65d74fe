import type { FollowUpSettings } from '@common/schemas/follow-ups';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { followUpsQueryKey } from '@/features/whatsapp/api/keys';
import { apiRequest } from '@/lib/api-client';

/** PUT /api/agents/{id}/follow-ups → the saved settings. */
export function useSaveFollowUpsMutation(agentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FollowUpSettings) =>
      apiRequest<FollowUpSettings>(`/api/agents/${agentId}/follow-ups`, {
        method: 'PUT',
        body: input,
      }),
    onSuccess: (saved) => queryClient.setQueryData(followUpsQueryKey(agentId), saved),
  });
}
