import type { PublicBooking, PublicBookingResult } from '@common/schemas/appointments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { publicBookingKey } from './appointments-keys';

/** POST /api/public/booking/{slug}: 409 when the slot was just taken. */
export function useCreatePublicBookingMutation(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PublicBooking) =>
      apiRequest<PublicBookingResult>(`/api/public/booking/${encodeURIComponent(slug)}`, {
        method: 'POST',
        body: input,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: publicBookingKey(slug) }),
  });
}
