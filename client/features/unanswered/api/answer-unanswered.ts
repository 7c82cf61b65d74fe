import type {
  UnansweredAnswerInput,
  UnansweredAnswerResult,
  UnansweredGroup,
} from '@common/schemas/analytics';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { agentsQueryKey } from '@/lib/query-keys';
import { unansweredQueryKey } from './unanswered-keys';

/** POST /api/analytics/unanswered/{id}/answer — the answer becomes a knowledge entry. */
export function answerUnanswered(
  groupId: number,
  input: UnansweredAnswerInput,
): Promise<UnansweredAnswerResult> {
  return apiRequest<UnansweredAnswerResult>(`/api/analytics/unanswered/${groupId}/answer`, {
    method: 'POST',
    body: input,
  });
}

/** Answered: the group leaves every list at once, and the agent's documents are read again. */
export function useAnswerUnansweredMutation(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UnansweredAnswerInput) => answerUnanswered(groupId, input),
    onSuccess: async () => {
      queryClient.setQueriesData<UnansweredGroup[]>({ queryKey: unansweredQueryKey }, (groups) =>
        groups?.filter((g) => g.id !== groupId),
      );
      await queryClient.invalidateQueries({ queryKey: unansweredQueryKey });
      await queryClient.invalidateQueries({ queryKey: agentsQueryKey });
    },
  });
}
