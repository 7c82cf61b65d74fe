import type { WebchatSettings } from '@common/schemas/webchat';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { agentQueryKey } from '@/lib/query-keys';

export const webchatConfigQueryKey = (agentId: number) =>
  [...agentQueryKey(agentId), 'webchat-config'] as const;

/** GET /api/agents/{id}/webchat-config: the widget's look and its allowed domains. */
export function getWebchatConfig(agentId: number): Promise<WebchatSettings> {
  return apiRequest<WebchatSettings>(`/api/agents/${agentId}/webchat-config`);
}

export function useWebchatConfigQuery(agentId: number, enabled: boolean) {
  return useQuery({
    queryKey: webchatConfigQueryKey(agentId),
    queryFn: () => getWebchatConfig(agentId),
    enabled,
  });
}
