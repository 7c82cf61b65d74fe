import type { WhatsappStats } from '@common/schemas/whatsapp';
import { useQuery } from '@tanstack/react-query';
import { whatsappStatsQueryKey } from '@/features/whatsapp/api/keys';
import { apiRequest } from '@/lib/api-client';

/** How often the figures are re-read while the page shows them. */
export const STATS_REFRESH_MS = 15_000;

/** GET /api/agents/{id}/whatsapp/stats — today's real figures from stored messages and events. */
export function getWhatsappStats(agentId: number): Promise<WhatsappStats> {
  return apiRequest<WhatsappStats>(`/api/agents/${agentId}/whatsapp/stats`);
}

export function useWhatsappStatsQuery(agentId: number) {
  return useQuery({
    queryKey: whatsappStatsQueryKey(agentId),
    queryFn: () => getWhatsappStats(agentId),
    refetchInterval: STATS_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}
