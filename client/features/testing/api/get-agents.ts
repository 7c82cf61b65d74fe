import type { Agent } from '@common/schemas/agent';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The same key as the agents section, so creating or deleting an agent refreshes the picker. */
export const agentsQueryKey = ['agents'] as const;

export function getAgents(): Promise<Agent[]> {
  return apiRequest<Agent[]>('/api/agents');
}

export function useAgentsQuery() {
  return useQuery({ queryKey: agentsQueryKey, queryFn: getAgents });
}
