import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { agentQueryKey } from '@/lib/query-keys';

/** GET /api/agents/{id}/webchat-code (SPEC.md §7): the embed snippet and how to install it. */
export interface WebchatCode {
  code: string;
  instructions?: string | string[];
}

export function getWebchatCode(agentId: number): Promise<WebchatCode> {
  return apiRequest<WebchatCode>(`/api/agents/${agentId}/webchat-code`);
}

/** Only runs while the dialog is open (SPEC.md §7). */
export function useWebchatCodeQuery(agentId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...agentQueryKey(agentId), 'webchat-code'],
    queryFn: () => getWebchatCode(agentId),
    enabled,
  });
}
