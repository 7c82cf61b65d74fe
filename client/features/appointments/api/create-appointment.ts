import type { Appointment, AppointmentCreate } from '@common/schemas/appointments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { appointmentsRootKey } from './appointments-keys';

/** POST /api/appointments: 409 when the slot was just taken or is outside availability. */
export function useCreateAppointmentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AppointmentCreate) =>
      apiRequest<Appointment>('/api/appointments', { method: 'POST', body: input }),
    // Slots and the agenda both change, and a failure may mean someone else booked: refresh both.
    onSettled: () => queryClient.invalidateQueries({ queryKey: appointmentsRootKey }),
  });
}
