import type { Agent } from '@common/schemas/agent';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { agentsQueryKey } from '@/lib/query-keys';

/** GET /api/agents: the owner's agents, newest first. */
export function getAgents(): Promise<Agent[]> {
  return apiRequest<Agent[]>('/api/agents');
}

export const agentsQueryOptions = queryOptions({ queryKey: agentsQueryKey, queryFn: getAgents });

export function useAgentsQuery() {
  return useQuery(agentsQueryOptions);
}
