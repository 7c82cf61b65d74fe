import type {
  NotificationSettings,
  NotificationSettingsInput,
} from '@common/schemas/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const notificationSettingsQueryKey = ['notification-settings'] as const;

/** GET /api/notifications/settings: the owner's own WhatsApp number and whether it gets alerts. */
export function useNotificationSettingsQuery() {
  return useQuery({
    queryKey: notificationSettingsQueryKey,
    queryFn: () => apiRequest<NotificationSettings>('/api/notifications/settings'),
  });
}

/** PUT /api/notifications/settings */
export function useSaveNotificationSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationSettingsInput) =>
      apiRequest<NotificationSettings>('/api/notifications/settings', {
        method: 'PUT',
        body: input,
      }),
    onSuccess: (saved) => queryClient.setQueryData(notificationSettingsQueryKey, saved),
  });
}
