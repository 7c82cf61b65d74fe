/**
 * Server-side sessions in the database (with a cache on the embedded database) and the cookie.
 */
export { SessionCache } from './session-cache';
export { registerSessions, SESSION_COOKIE } from './session.plugin';
export { destroyOtherSessions, liveSessions, purgeExpiredSessions } from './session.store';
