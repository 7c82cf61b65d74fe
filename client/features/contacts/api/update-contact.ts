import type { ContactDetail, ContactPatch } from '@common/schemas/contacts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { contactsQueryKey } from './contacts-keys';

/** PATCH /api/contacts/{id}: name, tags, notes, stage. */
export function patchContact(id: number, patch: ContactPatch): Promise<ContactDetail> {
  return apiRequest<ContactDetail>(`/api/contacts/${id}`, { method: 'PATCH', body: patch });
}

export function usePatchContactMutation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: ContactPatch) => patchContact(id, patch),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactsQueryKey }),
  });
}
