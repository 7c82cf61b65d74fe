import type { InboxConversationItem, InboxPatch } from '@common/schemas/inbox';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dashboardQueryKey } from '@/lib/query-keys';
import { inboxQueryKey } from './inbox-keys';

/** PATCH /api/conversations/{id}: read / unread, notes, tags. */
export function patchInboxConversation(id: number, patch: InboxPatch) {
  return apiRequest<InboxConversationItem>(`/api/conversations/${id}`, {
    method: 'PATCH',
    body: patch,
  });
}

/** POST /api/conversations/{id}/handoff | resume: a person takes over, or the bot answers again. */
export function runInboxAction(id: number, action: 'handoff' | 'resume') {
  return apiRequest<InboxConversationItem>(`/api/conversations/${id}/${action}`, {
    method: 'POST',
  });
}

function useRefreshInbox() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: inboxQueryKey });
    await queryClient.invalidateQueries({ queryKey: dashboardQueryKey });
  };
}

export function usePatchInboxConversation(id: number) {
  const refresh = useRefreshInbox();
  return useMutation({
    mutationFn: (patch: InboxPatch) => patchInboxConversation(id, patch),
    onSuccess: refresh,
  });
}

export function useInboxAction(id: number) {
  const refresh = useRefreshInbox();
  return useMutation({
    mutationFn: (action: 'handoff' | 'resume') => runInboxAction(id, action),
    onSuccess: refresh,
  });
}
