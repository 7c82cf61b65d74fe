import type { InboxListPage } from '@common/schemas/inbox';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { inboxListQueryKey, type InboxFilters } from './inbox-keys';

/** GET /api/conversations?channel=&agentId=&status=&q=&cursor= — newest activity first. */
export function getInbox(filters: InboxFilters, cursor: string | null): Promise<InboxListPage> {
  const params = new URLSearchParams();
  if (filters.channel) params.set('channel', filters.channel);
  if (filters.agentId !== undefined) params.set('agentId', String(filters.agentId));
  if (filters.status) params.set('status', filters.status);
  if (filters.q) params.set('q', filters.q);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return apiRequest<InboxListPage>(`/api/conversations${query ? `?${query}` : ''}`);
}

/** The list, page after page; live events refresh it (no polling). */
export function useInboxQuery(filters: InboxFilters) {
  return useInfiniteQuery({
    queryKey: inboxListQueryKey(filters),
    queryFn: ({ pageParam }) => getInbox(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}
