import { agentQueryKey } from '@/lib/query-keys';

/**
 * Under the agent's key, so deleting the agent drops its WhatsApp reads from the cache too.
 */
export function whatsappQueryKey(agentId: number) {
  return [...agentQueryKey(agentId), 'whatsapp'] as const;
}

export function whatsappStatsQueryKey(agentId: number) {
  return [...whatsappQueryKey(agentId), 'stats'] as const;
}

export function whatsappActivityQueryKey(agentId: number) {
  return [...whatsappQueryKey(agentId), 'activity'] as const;
}

export function whatsappSettingsQueryKey(agentId: number) {
  return [...agentQueryKey(agentId), 'whatsapp-settings'] as const;
}

export function followUpsQueryKey(agentId: number) {
  return [...agentQueryKey(agentId), 'follow-ups'] as const;
}
