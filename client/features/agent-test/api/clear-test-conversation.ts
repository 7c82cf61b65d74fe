import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** DELETE /api/agents/{id}/test/conversation: the agent forgets the test chat too. */
export function clearTestConversation(agentId: number): Promise<void> {
  return apiRequest<void>(`/api/agents/${agentId}/test/conversation`, { method: 'DELETE' });
}

export function useClearTestConversationMutation() {
  return useMutation({ mutationFn: clearTestConversation });
}
