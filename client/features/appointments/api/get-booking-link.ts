import type { BookingLink } from '@common/schemas/appointments';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { bookingLinkKey } from './appointments-keys';

/** GET /api/agents/{id}/booking: the agent's public booking page. */
export function useBookingLinkQuery(agentId: number) {
  return useQuery({
    queryKey: bookingLinkKey(agentId),
    queryFn: () => apiRequest<BookingLink>(`/api/agents/${agentId}/booking`),
  });
}
