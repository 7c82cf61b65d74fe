import type { ConversationSummary } from '@common/schemas/whatsapp';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { agentQueryKey } from '@/lib/query-keys';

/**
 * POST /api/agents/{id}/conversations/{conversationId}/pause | resume | retry: pause the bot for
 * this contact (takeover time), let it answer again, or answer the failed turns again.
 */
export type ConversationAction = 'pause' | 'resume' | 'retry';

export function runConversationAction({
  agentId,
  conversationId,
  action,
}: {
  agentId: number;
  conversationId: number;
  action: ConversationAction;
}): Promise<ConversationSummary | undefined> {
  return apiRequest<ConversationSummary | undefined>(
    `/api/agents/${agentId}/conversations/${conversationId}/${action}`,
    { method: 'POST' },
  );
}

export function useConversationActionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runConversationAction,
    onSuccess: async (_summary, { agentId }) => {
      await queryClient.invalidateQueries({
        queryKey: [...agentQueryKey(agentId), 'conversations'],
      });
      await queryClient.invalidateQueries({
        queryKey: [...agentQueryKey(agentId), 'conversation'],
      });
    },
  });
}
