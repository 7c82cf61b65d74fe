import type { Agent } from '@common/schemas/agent';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { agentsQueryKey } from '@/lib/query-keys';

/**
 * GET /api/agents: the owner's agents, newest first. The one list every screen reads (agents,
 * dashboard, testing, WhatsApp, gateway instances), under one key, so a create, duplicate or
 * delete anywhere refreshes them all with one invalidation.
 */
export function getAgents(): Promise<Agent[]> {
  return apiRequest<Agent[]>('/api/agents');
}

export const agentsQueryOptions = queryOptions({ queryKey: agentsQueryKey, queryFn: getAgents });

export function useAgentsQuery() {
  return useQuery(agentsQueryOptions);
}

/**
 * The agent a section works on: the one the owner chose, or, with a single agent, that one (an
 * owner with one agent never has to pick it).
 */
export function chosenAgent<T extends { id: number }>(
  agents: readonly T[],
  chosenId: number | undefined | null,
): T | undefined {
  return (
    agents.find((agent) => agent.id === chosenId) ?? (agents.length === 1 ? agents[0] : undefined)
  );
}
