import type { WebhookDefaultsInput, WebhookDefaultsView } from '@common/schemas/whatsapp';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookDefaultsQueryKey } from '@/features/evolution-instances/api/get-webhook-defaults';
import { apiRequest } from '@/lib/api-client';

/** PUT /api/evolution-instances/webhook-defaults — used for new gateway instances. */
export function saveWebhookDefaults(input: WebhookDefaultsInput): Promise<WebhookDefaultsView> {
  return apiRequest<WebhookDefaultsView>('/api/evolution-instances/webhook-defaults', {
    method: 'PUT',
    body: input,
  });
}

export function useSaveWebhookDefaultsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWebhookDefaults,
    onSuccess: (saved) => queryClient.setQueryData(webhookDefaultsQueryKey, saved),
  });
}
