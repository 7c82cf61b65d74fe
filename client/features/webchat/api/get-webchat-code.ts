import type { WebchatCode } from '@common/schemas/webchat';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { agentQueryKey } from '@/lib/query-keys';

export const webchatCodeQueryKey = (agentId: number) =>
  [...agentQueryKey(agentId), 'webchat-code'] as const;

/** GET /api/agents/{id}/webchat-code: the embed snippet and how to install it. */
export function getWebchatCode(agentId: number): Promise<WebchatCode> {
  return apiRequest<WebchatCode>(`/api/agents/${agentId}/webchat-code`);
}

/** Only runs while the dialog is open. */
export function useWebchatCodeQuery(agentId: number, enabled: boolean) {
  return useQuery({
    queryKey: webchatCodeQueryKey(agentId),
    queryFn: () => getWebchatCode(agentId),
    enabled,
  });
}
