import type { Appointment, AppointmentPatch } from '@common/schemas/appointments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { appointmentsRootKey } from './appointments-keys';

/** PATCH /api/appointments/{id}: move it (startsAt) or cancel it (status). */
export function useUpdateAppointmentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: AppointmentPatch }) =>
      apiRequest<Appointment>(`/api/appointments/${id}`, { method: 'PATCH', body: patch }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: appointmentsRootKey }),
  });
}
