import type { ContactDetail } from '@common/schemas/contacts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { contactQueryKey } from './contacts-keys';

/** GET /api/contacts/{id}: the contact with its conversations. */
export function getContact(id: number): Promise<ContactDetail> {
  return apiRequest<ContactDetail>(`/api/contacts/${id}`);
}

export function useContactQuery(id: number) {
  return useQuery({ queryKey: contactQueryKey(id), queryFn: () => getContact(id) });
}
