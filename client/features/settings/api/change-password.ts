import type { PasswordChangeInput } from '@common/schemas/settings';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** PUT /api/settings/password → 204; the server signs out the user's other sessions. */
export function changePassword(input: PasswordChangeInput): Promise<void> {
  return apiRequest<void>('/api/settings/password', { method: 'PUT', body: input });
}

export function useChangePasswordMutation() {
  return useMutation({ mutationFn: changePassword });
}
