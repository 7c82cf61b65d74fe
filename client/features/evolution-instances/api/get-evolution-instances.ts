import type { EvolutionInstanceView } from '@common/schemas/whatsapp';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const evolutionInstancesQueryKey = ['evolution-instances'] as const;

/** GET /api/evolution-instances — the owner's gateway instances (API keys never included). */
export function getEvolutionInstances(): Promise<EvolutionInstanceView[]> {
  return apiRequest<EvolutionInstanceView[]>('/api/evolution-instances');
}

export function useEvolutionInstancesQuery() {
  return useQuery({ queryKey: evolutionInstancesQueryKey, queryFn: getEvolutionInstances });
}
