import type { PublicUser, RegisterInput } from '@common/schemas/auth';
import { useSubmission } from '@/hooks/use-submission';
import { apiRequest } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-provider';

export function register(input: RegisterInput): Promise<PublicUser> {
  return apiRequest<PublicUser>('/api/register', { method: 'POST', body: input });
}

/** Creates the account; the server signs the new user in, so it becomes the current user. */
export function useRegisterMutation({
  onSuccess,
}: { onSuccess?: (user: PublicUser) => void } = {}) {
  const { setUser } = useAuth();
  return useSubmission(register, {
    onSuccess: (user) => {
      setUser(user);
      onSuccess?.(user);
    },
  });
}
