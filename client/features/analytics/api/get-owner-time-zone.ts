import type { Preferences } from '@common/schemas/settings';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * GET /api/settings/preferences, for the time zone the periods are cut in (the owner's "today").
 * Under Settings' own key, so a zone saved there is the one used here at once.
 */
export function useOwnerTimeZoneQuery() {
  return useQuery({
    queryKey: ['settings-preferences'],
    queryFn: () => apiRequest<Preferences>('/api/settings/preferences'),
    select: (preferences) => preferences.timezone,
  });
}
