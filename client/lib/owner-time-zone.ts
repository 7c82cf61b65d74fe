import type { Preferences } from '@common/schemas/settings';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * GET /api/settings/preferences, for the owner's time zone: the one the reports cut their days
 * in and every screen shows times in. Under Settings' own key, so a zone saved there is the one
 * used everywhere at once.
 */
export function useOwnerTimeZoneQuery() {
  return useQuery({
    queryKey: ['settings-preferences'],
    queryFn: () => apiRequest<Preferences>('/api/settings/preferences'),
    select: (preferences) => preferences.timezone,
  });
}

/** The owner's zone for showing a time; `undefined` (the browser's own) until it is known. */
export function useOwnerTimeZone(): string | undefined {
  return useOwnerTimeZoneQuery().data;
}
