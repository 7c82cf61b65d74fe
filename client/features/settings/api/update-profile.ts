import type { PublicUser } from '@common/schemas/auth';
import type { ProfileInput } from '@common/schemas/settings';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-provider';

export function updateProfile(input: ProfileInput): Promise<PublicUser> {
  return apiRequest<PublicUser>('/api/settings/profile', { method: 'PUT', body: input });
}

/** Saves name and email; the returned user becomes the current user (sidebar footer too). */
export function useUpdateProfileMutation() {
  const { setUser } = useAuth();
  return useMutation({ mutationFn: updateProfile, onSuccess: setUser });
}
