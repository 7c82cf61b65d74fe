import type { ReminderSettings } from '@common/schemas/reminders';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { remindersKey } from './appointments-keys';

/** GET /api/agents/{id}/reminders */
export function useRemindersQuery(agentId: number) {
  return useQuery({
    queryKey: remindersKey(agentId),
    queryFn: () => apiRequest<ReminderSettings>(`/api/agents/${agentId}/reminders`),
  });
}
