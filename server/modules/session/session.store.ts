import { eq, lt } from 'drizzle-orm';
import type { Session } from 'fastify';
import type { AppDb } from '../../db/client';
import { sessions } from '../../db/schema';

type Callback = (err?: unknown) => void;
type GetCallback = (err: unknown, result?: Session | null) => void;

const DEFAULT_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** @fastify/session store on the `sessions` table: sessions survive restarts and are shared. */
export class DbSessionStore {
  constructor(private readonly db: AppDb) {}

  set(sid: string, session: Session, callback: Callback): void {
    const expires = session.cookie.expires ?? new Date(Date.now() + DEFAULT_TTL_MS);
    const data = JSON.parse(JSON.stringify(session)) as Record<string, unknown>;
    const userId = typeof session.userId === 'number' ? session.userId : null;
    this.db
      .insert(sessions)
      .values({ sid, data, userId, expiresAt: new Date(expires) })
      .onConflictDoUpdate({
        target: sessions.sid,
        set: { data, userId, expiresAt: new Date(expires) },
      })
      .then(() => callback(), callback);
  }

  get(sid: string, callback: GetCallback): void {
    this.db
      .select({ data: sessions.data, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.sid, sid))
      .then((rows) => {
        const row = rows[0];
        if (!row || row.expiresAt.getTime() <= Date.now()) return callback(null, null);
        callback(null, row.data as unknown as Session);
      }, callback);
  }

  destroy(sid: string, callback: Callback): void {
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

/** Signs every other session of a user out (used after a password change). */
export async function destroyUserSessions(db: AppDb, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
