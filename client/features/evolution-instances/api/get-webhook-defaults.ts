import type { WebhookDefaultsView } from '@common/schemas/whatsapp';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const webhookDefaultsQueryKey = ['evolution-instances', 'webhook-defaults'] as const;

/** GET /api/evolution-instances/webhook-defaults (the Webhooks tab). */
export function getWebhookDefaults(): Promise<WebhookDefaultsView> {
  return apiRequest<WebhookDefaultsView>('/api/evolution-instances/webhook-defaults');
}

export function useWebhookDefaultsQuery() {
  return useQuery({ queryKey: webhookDefaultsQueryKey, queryFn: getWebhookDefaults });
}
