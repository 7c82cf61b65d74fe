import type { ProviderSettingsView } from '@common/schemas/settings';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const providerSettingsQueryKey = ['settings', 'provider'] as const;

/** The user's provider settings as the server shows them: the key only ever masked. */
export function getProviderSettings(): Promise<ProviderSettingsView> {
  return apiRequest<ProviderSettingsView>('/api/settings/provider');
}

export function useProviderSettingsQuery() {
  return useQuery({ queryKey: providerSettingsQueryKey, queryFn: getProviderSettings });
}
