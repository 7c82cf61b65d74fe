import type { NotificationsRead } from '@common/schemas/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationsQueryKey } from '@/features/dashboard/api/get-notifications';
import { apiRequest } from '@/lib/api-client';

/** POST /api/notifications/read: `{ ids }` or `{ all: true }`. */
export function markNotificationsRead(
  input: NotificationsRead,
): Promise<{ updated: number; unread: number }> {
  return apiRequest('/api/notifications/read', { method: 'POST', body: input });
}

export function useMarkNotificationsReadMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
