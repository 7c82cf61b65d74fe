import type { WhatsappEventView } from '@common/schemas/whatsapp';
import { useQuery } from '@tanstack/react-query';
import { whatsappActivityQueryKey } from '@/features/whatsapp/api/keys';
import { STATS_REFRESH_MS } from '@/features/whatsapp/api/get-whatsapp-stats';
import { apiRequest } from '@/lib/api-client';

/** GET /api/agents/{id}/whatsapp/activity — the latest 10 stored events, newest first. */
export function getWhatsappActivity(agentId: number): Promise<WhatsappEventView[]> {
  return apiRequest<WhatsappEventView[]>(`/api/agents/${agentId}/whatsapp/activity`);
}

export function useWhatsappActivityQuery(agentId: number) {
  return useQuery({
    queryKey: whatsappActivityQueryKey(agentId),
    queryFn: () => getWhatsappActivity(agentId),
    refetchInterval: STATS_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}
