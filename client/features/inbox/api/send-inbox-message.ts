import type { InboxMessage } from '@common/schemas/inbox';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dashboardQueryKey } from '@/lib/query-keys';
import { inboxQueryKey } from './inbox-keys';

/** What the owner sends: a text, or a file with an optional caption. */
export interface OutgoingReply {
  text: string;
  file: File | null;
}

/**
 * POST /api/conversations/{id}/messages: JSON `{ text }`, or multipart with `file` and `text` (the
 * caption). Resolves to the stored message (its status says whether it went out).
 */
export function sendInboxMessage(id: number, reply: OutgoingReply) {
  let body: unknown = { text: reply.text };
  if (reply.file) {
    const form = new FormData();
    form.append('text', reply.text);
    form.append('file', reply.file);
    body = form;
  }
  return apiRequest<InboxMessage>(`/api/conversations/${id}/messages`, { method: 'POST', body });
}

/** POST /api/conversations/{id}/messages/{messageId}/retry: a failed message is sent again. */
export function retryInboxMessage(id: number, messageId: number) {
  return apiRequest<InboxMessage>(`/api/conversations/${id}/messages/${messageId}/retry`, {
    method: 'POST',
  });
}

/** After a person's message (a reply, a retry, a template): the inbox and the dashboard re-read. */
export function useInboxRefresh() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: inboxQueryKey });
    await queryClient.invalidateQueries({ queryKey: dashboardQueryKey });
  };
}

export function useSendInboxMessage(id: number) {
  const refresh = useInboxRefresh();
  return useMutation({
    mutationFn: (reply: OutgoingReply) => sendInboxMessage(id, reply),
    onSettled: refresh,
  });
}

export function useRetryInboxMessage(id: number) {
  const refresh = useInboxRefresh();
  return useMutation({
    mutationFn: (messageId: number) => retryInboxMessage(id, messageId),
    onSettled: refresh,
  });
}
