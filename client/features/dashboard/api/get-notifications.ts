import type { NotificationsPage } from '@common/schemas/notifications';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The bell's list: a live `notification` event refreshes it (app/routes/dashboard.tsx). */
export const notificationsQueryKey = ['notifications'] as const;

/** GET /api/notifications: newest first, a page at a time, with the owner's unread count. */
export function getNotifications(before: number | null): Promise<NotificationsPage> {
  return apiRequest<NotificationsPage>(
    before === null ? '/api/notifications' : `/api/notifications?before=${before}`,
  );
}

export function useNotificationsQuery() {
  return useInfiniteQuery({
    queryKey: notificationsQueryKey,
    queryFn: ({ pageParam }) => getNotifications(pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
  });
}
