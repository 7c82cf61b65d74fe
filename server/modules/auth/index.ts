/**
 * Registration, sign-in (with its failure counters) and sign-out, and the signed-in user guard.
 */
export { authRoutes } from './auth.routes';
export { hashPassword } from './auth.service';
export { requireUserId } from './require-user';
export { SIGN_IN_LIMITS } from './sign-in-limits';
