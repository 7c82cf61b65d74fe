/** Everything the unanswered questions read: an answer refreshes all of it. */
export const unansweredQueryKey = ['unanswered'] as const;

export function unansweredListQueryKey(agentId: number | undefined) {
  return [...unansweredQueryKey, 'list', agentId ?? 'all'] as const;
}
