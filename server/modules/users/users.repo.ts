import { eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { users } from '../../db/schema';
import type { UserCache } from './user-cache';

export type UserRow = typeof users.$inferSelect;

export async function findUserByUsername(
  db: AppDb,
  username: string,
): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return rows[0];
}

export async function findUserById(db: AppDb, id: number): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

/** Through the embedded-mode cache when there is one (see UserCache). */
export async function findUserByIdCached(
  db: AppDb,
  cache: UserCache | null,
  id: number,
): Promise<UserRow | undefined> {
  const cached = cache?.get(id);
  if (cached) return cached;
  const user = await findUserById(db, id);
  if (user) cache?.set(user);
  return user;
}

export async function insertUser(
  db: AppDb,
  values: { username: string; passwordHash: string; name: string; email: string },
): Promise<UserRow> {
  const rows = await db.insert(users).values(values).returning();
  return rows[0]!;
}

/** Changes what the user may edit of themselves; undefined when there is no such user. */
export async function updateUser(
  db: AppDb,
  id: number,
  values: Partial<Pick<UserRow, 'name' | 'email' | 'passwordHash' | 'timeZone'>>,
): Promise<UserRow | undefined> {
  const rows = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return rows[0];
}

/** Records the go-live moment as closed; the first time stays (a second device, a retry). */
export async function markGoLiveCelebrated(db: AppDb, ownerId: number): Promise<Date> {
  const [row] = await db
    .update(users)
    .set({ goLiveCelebratedAt: sql`coalesce(${users.goLiveCelebratedAt}, now())` })
    .where(eq(users.id, ownerId))
    .returning({ at: users.goLiveCelebratedAt });
  if (!row?.at) throw new Error('the owner of a session has no user row');
  return row.at;
}
