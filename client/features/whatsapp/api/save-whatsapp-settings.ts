import type { WhatsappSettings } from '@common/schemas/whatsapp';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { whatsappSettingsQueryKey } from '@/features/whatsapp/api/keys';
import { apiRequest } from '@/lib/api-client';

/** PUT /api/agents/{id}/whatsapp/settings → the saved settings. */
export function saveWhatsappSettings({
  agentId,
  settings,
}: {
  agentId: number;
  settings: WhatsappSettings;
}): Promise<WhatsappSettings> {
  return apiRequest<WhatsappSettings>(`/api/agents/${agentId}/whatsapp/settings`, {
    method: 'PUT',
    body: settings,
  });
}

export function useSaveWhatsappSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWhatsappSettings,
    onSuccess: (saved, { agentId }) => {
      queryClient.setQueryData(whatsappSettingsQueryKey(agentId), saved);
    },
  });
}
