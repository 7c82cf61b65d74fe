import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dashboardQueryKey } from '@/lib/query-keys';
import { contactsQueryKey } from './contacts-keys';

/** DELETE /api/contacts/{id}: the LGPD erasure of the person and everything about them. */
export function deleteContact(id: number): Promise<void> {
  return apiRequest<void>(`/api/contacts/${id}`, { method: 'DELETE' });
}

export function useDeleteContactMutation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteContact(id),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: [...contactsQueryKey, 'contact', id] });
      await queryClient.invalidateQueries({ queryKey: contactsQueryKey });
      // Their conversations are gone from the home's figures too (app/ refreshes the inbox).
      await queryClient.invalidateQueries({ queryKey: dashboardQueryKey });
    },
  });
}
