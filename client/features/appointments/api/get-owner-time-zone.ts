import type { Preferences } from '@common/schemas/settings';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * GET /api/settings/preferences, for the owner's zone the agenda's days are cut in. Under
 * Settings' own key, so a zone saved there is the one the agenda uses at once.
 */
export function useOwnerTimeZoneQuery() {
  return useQuery({
    queryKey: ['settings-preferences'],
    queryFn: () => apiRequest<Preferences>('/api/settings/preferences'),
    select: (preferences) => preferences.timezone,
  });
}
