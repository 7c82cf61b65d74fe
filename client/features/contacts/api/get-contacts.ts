import type { ContactPage } from '@common/schemas/contacts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { contactListQueryKey, type ContactFilters } from './contacts-keys';

/** GET /api/contacts?q=&stage=&page= — the most recent contact first. */
export function getContacts(filters: ContactFilters): Promise<ContactPage> {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.stage) params.set('stage', filters.stage);
  if (filters.page && filters.page > 1) params.set('page', String(filters.page));
  const query = params.toString();
  return apiRequest<ContactPage>(`/api/contacts${query ? `?${query}` : ''}`);
}

/** The page in view; the previous page stays on screen while the next one loads. */
export function useContactsQuery(filters: ContactFilters) {
  return useQuery({
    queryKey: contactListQueryKey(filters),
    queryFn: () => getContacts(filters),
    placeholderData: keepPreviousData,
  });
}
