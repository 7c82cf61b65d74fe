import type { Agent } from '@common/schemas/agent';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { agentQueryKey } from '@/lib/query-keys';

/** GET /api/agents/{id}: one agent of the owner; 404 for anyone else's. */
export function getAgent(id: string): Promise<Agent> {
  return apiRequest<Agent>(`/api/agents/${encodeURIComponent(id)}`);
}

export function useAgentQuery(id: string) {
  return useQuery({ queryKey: agentQueryKey(id), queryFn: () => getAgent(id) });
}
