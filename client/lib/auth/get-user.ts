import type { PublicUser } from '@common/schemas/auth';
import { ApiError, apiRequest } from '@/lib/api-client';

/** The signed-in user, or null when the session is missing (401 is not an error here). */
export async function getUser(): Promise<PublicUser | null> {
  try {
    return await apiRequest<PublicUser>('/api/user');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}
