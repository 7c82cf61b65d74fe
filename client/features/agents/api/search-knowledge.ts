import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { agentQueryKey } from '@/lib/query-keys';

export interface KnowledgeHit {
  source: string;
  content: string;
  score: number;
  documentId: number | null;
  page: number | null;
  sheet: string | null;
  chunkIndex: number | null;
}

export interface KnowledgeSearch {
  mode: 'hybrid' | 'lexical';
  results: KnowledgeHit[];
}

/** GET /api/agents/{id}/knowledge/search?q=…: the passages the agent would read for q. */
export function searchKnowledge(agentId: number, q: string): Promise<KnowledgeSearch> {
  const query = new URLSearchParams({ q }).toString();
  return apiRequest<KnowledgeSearch>(`/api/agents/${agentId}/knowledge/search?${query}`);
}

/** Runs only for a submitted, non-blank question. */
export function useKnowledgeSearchQuery(agentId: number, q: string) {
  return useQuery({
    queryKey: [...agentQueryKey(agentId), 'knowledge-search', q] as const,
    queryFn: () => searchKnowledge(agentId, q),
    enabled: q.trim() !== '',
  });
}
