import type { ReminderSettings } from '@common/schemas/reminders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { remindersKey } from './appointments-keys';

/** PUT /api/agents/{id}/reminders */
export function useSaveRemindersMutation(agentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReminderSettings) =>
      apiRequest<ReminderSettings>(`/api/agents/${agentId}/reminders`, {
        method: 'PUT',
        body: input,
      }),
    onSuccess: (saved) => queryClient.setQueryData(remindersKey(agentId), saved),
  });
}
