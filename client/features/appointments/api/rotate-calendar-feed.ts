import type { CalendarFeed } from '@common/schemas/appointments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { calendarFeedKey } from './appointments-keys';

/** POST /api/calendar/rotate: a new URL; the old one stops answering. */
export function useRotateCalendarFeedMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<CalendarFeed>('/api/calendar/rotate', { method: 'POST' }),
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedKey, feed),
  });
}
