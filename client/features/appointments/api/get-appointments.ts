import type { Appointment } from '@common/schemas/appointments';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { agendaRootKey } from './appointments-keys';

/** GET /api/appointments?from=&to=: the owner's appointments over days of their zone. */
export function getAppointments(from: string, to: string): Promise<Appointment[]> {
  const query = new URLSearchParams({ from, to });
  return apiRequest<Appointment[]>(`/api/appointments?${query.toString()}`);
}

/** The previous range stays on screen while the next one loads (previous/next week). */
export function useAppointmentsQuery(range: { from: string; to: string } | null) {
  return useQuery({
    queryKey: [...agendaRootKey, range],
    queryFn: () => getAppointments(range!.from, range!.to),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}
