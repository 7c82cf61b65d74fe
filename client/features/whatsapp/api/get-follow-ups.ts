import type { FollowUpSettings } from '@common/schemas/follow-ups';
import { useQuery } from '@tanstack/react-query';
import { followUpsQueryKey } from '@/features/whatsapp/api/keys';
import { apiRequest } from '@/lib/api-client';

/** GET /api/agents/{id}/follow-ups — the agent's follow-ups on WhatsApp (off by default). */
export function useFollowUpsQuery(agentId: number) {
  return useQuery({
    queryKey: followUpsQueryKey(agentId),
    queryFn: () => apiRequest<FollowUpSettings>(`/api/agents/${agentId}/follow-ups`),
  });
}
