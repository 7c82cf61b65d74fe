import type { PublicUser } from '@common/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';

export const userQueryKey = ['user'] as const;

/** The signed-in user, or null when the session is missing (401 is not an error here). */
export async function getUser(): Promise<PublicUser | null> {
  try {
    return await apiRequest<PublicUser>('/api/user');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const userQueryOptions = queryOptions({ queryKey: userQueryKey, queryFn: getUser });

export function useUserQuery() {
  return useQuery(userQueryOptions);
}
