import type { WebchatSettings, WebchatSettingsInput } from '@common/schemas/webchat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webchatCodeQueryKey } from '@/features/webchat/api/get-webchat-code';
import { webchatConfigQueryKey } from '@/features/webchat/api/get-webchat-config';
import { apiRequest } from '@/lib/api-client';

/** PUT /api/agents/{id}/webchat-config; the snippet is then fetched again with the new options. */
export function saveWebchatConfig(
  agentId: number,
  settings: WebchatSettingsInput,
): Promise<WebchatSettings> {
  return apiRequest<WebchatSettings>(`/api/agents/${agentId}/webchat-config`, {
    method: 'PUT',
    body: settings,
  });
}

export function useSaveWebchatConfigMutation(agentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: WebchatSettingsInput) => saveWebchatConfig(agentId, settings),
    onSuccess: async (saved) => {
      queryClient.setQueryData(webchatConfigQueryKey(agentId), saved);
      await queryClient.invalidateQueries({ queryKey: webchatCodeQueryKey(agentId) });
    },
  });
}
