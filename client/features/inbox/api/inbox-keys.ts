import type { InboxChannel, InboxStatus } from '@common/schemas/inbox';

/** The list's filters as the owner set them (empty: all). */
export interface InboxFilters {
  channel?: InboxChannel;
  agentId?: number;
  status?: InboxStatus;
  q?: string;
}

/** Everything the inbox reads: a live event refreshes all of it at once. */
export const inboxQueryKey = ['inbox'] as const;

export function inboxListQueryKey(filters: InboxFilters) {
  return [...inboxQueryKey, 'list', filters] as const;
}

export function inboxConversationQueryKey(id: number) {
  return [...inboxQueryKey, 'conversation', id] as const;
}
