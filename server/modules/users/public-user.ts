import type { PublicUser } from '@common/schemas/auth';
import type { UserRow } from './users.repo';

/** The only shape in which a user leaves the server: no password hash, ever. */
export function toPublicUser(user: UserRow): PublicUser {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    email: user.email,
    role: user.role,
    createdAt: user.createdAt.toISOString(),
  };
}
