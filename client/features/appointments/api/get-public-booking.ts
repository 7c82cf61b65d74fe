import type { PublicBookingPage } from '@common/schemas/appointments';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { publicBookingKey } from './appointments-keys';

/** GET /api/public/booking/{slug}: the agent's name, zone and services, for anyone. */
export function usePublicBookingQuery(slug: string) {
  return useQuery({
    queryKey: publicBookingKey(slug),
    queryFn: () => apiRequest<PublicBookingPage>(`/api/public/booking/${encodeURIComponent(slug)}`),
    retry: false,
  });
}
