import { and, eq, gt, inArray, lt, ne } from 'drizzle-orm';
import type { Session } from 'fastify';
import type { AppDb } from '../../db/client';
import { sessions } from '../../db/schema';
import type { SessionCache } from './session-cache';

type Callback = (err?: unknown) => void;
type GetCallback = (err: unknown, result?: Session | null) => void;

const DEFAULT_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** @fastify/session store on the `sessions` table: sessions survive restarts and are shared. */
export class DbSessionStore {
  constructor(
    private readonly db: AppDb,
    private readonly cache: SessionCache | null = null,
  ) {}

  set(sid: string, session: Session, callback: Callback): void {
    const expires = session.cookie.expires ?? new Date(Date.now() + DEFAULT_TTL_MS);
    const data = JSON.parse(JSON.stringify(session)) as Record<string, unknown>;
    const userId = typeof session.userId === 'number' ? session.userId : null;
    this.cache?.delete(sid);
    this.db
      .insert(sessions)
      .values({ sid, data, userId, expiresAt: new Date(expires) })
      .onConflictDoUpdate({
        target: sessions.sid,
        set: { data, userId, expiresAt: new Date(expires) },
      })
      .then(() => {
        this.cache?.set(sid, data as unknown as Session, userId, new Date(expires).getTime());
        callback();
      }, callback);
  }

  get(sid: string, callback: GetCallback): void {
    const cached = this.cache?.get(sid);
    if (cached !== undefined) {
      callback(null, cached);
      return;
    }
    this.db
      .select({ data: sessions.data, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.sid, sid))
      .then((rows) => {
        const row = rows[0];
        if (!row || row.expiresAt.getTime() <= Date.now()) return callback(null, null);
        const session = row.data as unknown as Session;
        const userId = typeof session.userId === 'number' ? session.userId : null;
        this.cache?.set(sid, session, userId, row.expiresAt.getTime());
        callback(null, session);
      }, callback);
  }

  destroy(sid: string, callback: Callback): void {
    this.cache?.delete(sid);
    this.db
      .delete(sessions)
      .where(eq(sessions.sid, sid))
      .then(() => callback(), callback);
  }
}

export async function purgeExpiredSessions(db: AppDb): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, new Date()))
    .returning({ sid: sessions.sid });
  return deleted.length;
}

/**
 * Which of these sessions are still signed in (not signed out, replaced or expired): long-lived
 * responses (event streams) check their session with it from time to time.
 */
export async function liveSessions(db: AppDb, sids: string[]): Promise<Set<string>> {
  if (sids.length === 0) return new Set();
  const rows = await db
    .select({ sid: sessions.sid })
    .from(sessions)
    .where(and(inArray(sessions.sid, sids), gt(sessions.expiresAt, new Date())));
  return new Set(rows.map((row) => row.sid));
}

/** Signs every session of a user out but the current one (used after a password change). */
export async function destroyOtherSessions(
  db: AppDb,
  cache: SessionCache | null,
  userId: number,
  currentSid: string,
): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.sid, currentSid)));
  cache?.deleteUser(userId, currentSid);
}
