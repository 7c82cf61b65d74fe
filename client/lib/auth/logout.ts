import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-provider';

export function logout(): Promise<void> {
  return apiRequest<void>('/api/logout', { method: 'POST' });
}

/** Ends the session; on success every cached read is dropped and the user becomes null. */
export function useLogoutMutation() {
  const queryClient = useQueryClient();
  const { setUser } = useAuth();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.removeQueries();
      setUser(null);
    },
  });
}
