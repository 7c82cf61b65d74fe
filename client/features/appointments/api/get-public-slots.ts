import type { Slot } from '@common/schemas/appointments';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { publicBookingKey } from './appointments-keys';

export interface PublicSlotsQuery {
  serviceId: number;
  from: string;
  to: string;
}

/** GET /api/public/booking/{slug}/slots: the free starts of a service, for anyone. */
export function usePublicSlotsQuery(slug: string, query: PublicSlotsQuery | null) {
  return useQuery({
    queryKey: [...publicBookingKey(slug), 'slots', query],
    queryFn: () => {
      const params = new URLSearchParams({
        serviceId: String(query!.serviceId),
        from: query!.from,
        to: query!.to,
      });
      return apiRequest<Slot[]>(
        `/api/public/booking/${encodeURIComponent(slug)}/slots?${params.toString()}`,
      );
    },
    enabled: query !== null,
  });
}
