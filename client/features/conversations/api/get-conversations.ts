import type { ConversationSummary } from '@common/schemas/whatsapp';
import { useQuery } from '@tanstack/react-query';
import { agentQueryKey } from '@/lib/query-keys';

import { apiRequest } from '@/lib/api-client';

export type ConversationChannel = ConversationSummary['channel'];

/** Under the agent's key, so deleting the agent drops its conversations from the cache too. */
export function conversationsQueryKey(agentId: number, channel: ConversationChannel) {
  return [...agentQueryKey(agentId), 'conversations', channel] as const;
}

/** New customer messages show up without a reload while the list is on screen. */
export const CONVERSATIONS_REFRESH_MS = 5000;

/** GET /api/agents/{id}/conversations?channel=… — most recent first. */
export function getConversations(
  agentId: number,
  channel: ConversationChannel,
): Promise<ConversationSummary[]> {
  return apiRequest<ConversationSummary[]>(
    `/api/agents/${agentId}/conversations?channel=${encodeURIComponent(channel)}`,
  );
}

export function useConversationsQuery(agentId: number, channel: ConversationChannel) {
  return useQuery({
    queryKey: conversationsQueryKey(agentId, channel),
    queryFn: () => getConversations(agentId, channel),
    refetchInterval: CONVERSATIONS_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}
