import type { Session } from 'fastify';

interface Entry {
  session: Session;
  userId: number | null;
  expiresAt: number;
}

/**
 * A write-through cache of sessions, used only on the embedded database: exactly one process can
 * open DATA_DIR (its lock guarantees it), so this process sees every write and the cache cannot
 * go stale. The database stays the source of truth; a restart just starts with an empty cache.
 * On PostgreSQL, where several web processes share sessions, there is no cache.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly max = 10_000) {}

  get(sid: string): Session | null | undefined {
    const entry = this.entries.get(sid);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(sid);
      return null;
    }
    return entry.session;
  }

  set(sid: string, session: Session, userId: number | null, expiresAt: number) {
    this.entries.delete(sid);
    this.entries.set(sid, { session, userId, expiresAt });
    // Map keeps insertion order: the first key is the least recently written.
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  delete(sid: string) {
    this.entries.delete(sid);
  }

  deleteUser(userId: number, exceptSid?: string) {
    for (const [sid, entry] of this.entries) {
      if (entry.userId === userId && sid !== exceptSid) this.entries.delete(sid);
    }
  }
}
