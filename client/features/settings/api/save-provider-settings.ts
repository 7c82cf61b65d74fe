import type { ProviderSettingsInput, ProviderSettingsView } from '@common/schemas/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { providerSettingsQueryKey } from '@/features/settings/api/get-provider-settings';
import { apiRequest } from '@/lib/api-client';
import { modelsQueryKey } from '@/lib/models/get-models';

/** PUT /api/settings/provider: an empty apiKey keeps the saved key, clearKey removes it. */
export function saveProviderSettings(input: ProviderSettingsInput): Promise<ProviderSettingsView> {
  return apiRequest<ProviderSettingsView>('/api/settings/provider', { method: 'PUT', body: input });
}

export function useSaveProviderSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProviderSettings,
    onSuccess: async (view) => {
      queryClient.setQueryData(providerSettingsQueryKey, view);
      // Another provider offers other models: every picker asks again.
      await queryClient.invalidateQueries({ queryKey: modelsQueryKey });
    },
  });
}
