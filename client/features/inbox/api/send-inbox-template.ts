import type { InboxMessage, SendInboxTemplateInput } from '@common/schemas/inbox';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useInboxRefresh } from './send-inbox-message';

/**
 * POST /api/conversations/{id}/template: one of the number's approved templates, one value per
 * variable in order — what may go once the customer's 24 hours have passed on the official line.
 * Resolves to the person's stored message, with the text the customer reads.
 */
export function sendInboxTemplate(id: number, input: SendInboxTemplateInput) {
  return apiRequest<InboxMessage>(`/api/conversations/${id}/template`, {
    method: 'POST',
    body: input,
  });
}

export function useSendInboxTemplate(id: number) {
  const refresh = useInboxRefresh();
  return useMutation({
    mutationFn: (input: SendInboxTemplateInput) => sendInboxTemplate(id, input),
    onSettled: refresh,
  });
}
