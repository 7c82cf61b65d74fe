import type { CalendarFeed } from '@common/schemas/appointments';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { calendarFeedKey } from './appointments-keys';

/** GET /api/calendar: the owner's secret ICS feed URL. */
export function useCalendarFeedQuery() {
  return useQuery({
    queryKey: calendarFeedKey,
    queryFn: () => apiRequest<CalendarFeed>('/api/calendar'),
  });
}
