/**
 * Users as stored, their public shape and their cache.
 */
export { toPublicUser } from './public-user';
export { UserCache } from './user-cache';
export {
  findUserById,
  findUserByIdCached,
  findUserByUsername,
  insertUser,
  markGoLiveCelebrated,
  updateUser,
  type UserRow,
} from './users.repo';
