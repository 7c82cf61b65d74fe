import type { ConversationDetail } from '@common/schemas/whatsapp';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { agentQueryKey } from '@/lib/query-keys';

export function conversationQueryKey(agentId: number, conversationId: number) {
  return [...agentQueryKey(agentId), 'conversation', conversationId] as const;
}

/** While the transcript is open, replies and retries appear as they happen. */
export const TRANSCRIPT_REFRESH_MS = 3000;

/** GET /api/agents/{id}/conversations/{conversationId} — the contact and its messages. */
export function getConversation(
  agentId: number,
  conversationId: number,
): Promise<ConversationDetail> {
  return apiRequest<ConversationDetail>(`/api/agents/${agentId}/conversations/${conversationId}`);
}

export function useConversationQuery(agentId: number, conversationId: number) {
  return useQuery({
    queryKey: conversationQueryKey(agentId, conversationId),
    queryFn: () => getConversation(agentId, conversationId),
    refetchInterval: TRANSCRIPT_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}
