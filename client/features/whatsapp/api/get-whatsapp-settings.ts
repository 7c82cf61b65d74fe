import type { WhatsappSettings } from '@common/schemas/whatsapp';
import { useQuery } from '@tanstack/react-query';
import { whatsappSettingsQueryKey } from '@/features/whatsapp/api/keys';
import { apiRequest } from '@/lib/api-client';

/** GET /api/agents/{id}/whatsapp/settings — the agent's behaviour on WhatsApp (defaults if unset). */
export function getWhatsappSettings(agentId: number): Promise<WhatsappSettings> {
  return apiRequest<WhatsappSettings>(`/api/agents/${agentId}/whatsapp/settings`);
}

export function useWhatsappSettingsQuery(agentId: number) {
  return useQuery({
    queryKey: whatsappSettingsQueryKey(agentId),
    queryFn: () => getWhatsappSettings(agentId),
  });
}
