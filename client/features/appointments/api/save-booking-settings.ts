import type { BookingLink, BookingSettings } from '@common/schemas/appointments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { bookingLinkKey } from './appointments-keys';

/** PUT /api/agents/{id}/booking: the business's name on the page and the calendar. */
export function useSaveBookingSettingsMutation(agentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BookingSettings) =>
      apiRequest<BookingLink>(`/api/agents/${agentId}/booking`, { method: 'PUT', body: input }),
    onSuccess: (saved) => queryClient.setQueryData(bookingLinkKey(agentId), saved),
  });
}
