import type { Preferences, PreferencesInput } from '@common/schemas/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const preferencesQueryKey = ['settings-preferences'] as const;

/** GET /api/settings/preferences: the time zone the owner's days are counted in. */
export function usePreferencesQuery() {
  return useQuery({
    queryKey: preferencesQueryKey,
    queryFn: () => apiRequest<Preferences>('/api/settings/preferences'),
  });
}

/** PUT /api/settings/preferences; the reports count days in the new zone from then on. */
export function useSavePreferencesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PreferencesInput) =>
      apiRequest<Preferences>('/api/settings/preferences', { method: 'PUT', body: input }),
    onSuccess: (saved) => {
      queryClient.setQueryData(preferencesQueryKey, saved);
      // Every report was counted in the old zone.
      void queryClient.invalidateQueries({ queryKey: ['analytics'] });
    },
  });
}
