import type { InboxConversationDetail } from '@common/schemas/inbox';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { inboxConversationQueryKey } from './inbox-keys';

/** GET /api/conversations/{id}?before= — the newest page first, then older ones on demand. */
export function getInboxConversation(
  id: number,
  before: number | null,
): Promise<InboxConversationDetail> {
  const query = before === null ? '' : `?before=${before}`;
  return apiRequest<InboxConversationDetail>(`/api/conversations/${id}${query}`);
}

export function useInboxConversationQuery(id: number) {
  return useInfiniteQuery({
    queryKey: inboxConversationQueryKey(id),
    queryFn: ({ pageParam }) => getInboxConversation(id, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.olderCursor,
  });
}
