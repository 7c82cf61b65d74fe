import type { Agent } from '@common/schemas/agent';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { agentsQueryKey } from '@/lib/query-keys';

/** The agents section shares this key, so creating or deleting an agent refreshes the pickers. */
export function getAgents(): Promise<Agent[]> {
  return apiRequest<Agent[]>('/api/agents');
}

export function useAgentsQuery() {
  return useQuery({ queryKey: agentsQueryKey, queryFn: getAgents });
}
