import type { EvolutionInstanceMonitor } from '@common/schemas/whatsapp';
import { useQuery } from '@tanstack/react-query';
import { evolutionInstancesQueryKey } from '@/features/evolution-instances/api/get-evolution-instances';
import { apiRequest } from '@/lib/api-client';

/** How often the monitor re-reads the live state while it is open. */
export const MONITOR_REFRESH_MS = 5000;

/** GET /api/evolution-instances/{id}/monitor — live state from that gateway plus recent events. */
export function getEvolutionMonitor(id: number): Promise<EvolutionInstanceMonitor> {
  return apiRequest<EvolutionInstanceMonitor>(`/api/evolution-instances/${id}/monitor`);
}

export function useEvolutionMonitorQuery(id: number) {
  return useQuery({
    queryKey: [...evolutionInstancesQueryKey, id, 'monitor'],
    queryFn: () => getEvolutionMonitor(id),
    refetchInterval: MONITOR_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}
