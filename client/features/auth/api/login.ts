import type { LoginInput, PublicUser } from '@common/schemas/auth';
import { useSubmission } from '@/hooks/use-submission';
import { apiRequest } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-provider';

export function login(input: LoginInput): Promise<PublicUser> {
  return apiRequest<PublicUser>('/api/login', { method: 'POST', body: input });
}

/** Signs in and stores the returned user as the current user. */
export function useLoginMutation({ onSuccess }: { onSuccess?: (user: PublicUser) => void } = {}) {
  const { setUser } = useAuth();
  return useSubmission(login, {
    onSuccess: (user) => {
      setUser(user);
      onSuccess?.(user);
    },
  });
}
