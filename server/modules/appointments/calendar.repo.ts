import { eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { calendarFeeds } from '../../db/schema';

/** The owners' calendar feeds: the nonce each token is made from, and the token's hash. */

export async function findFeed(db: AppDb, ownerId: number) {
  const [row] = await db
    .select({ nonce: calendarFeeds.nonce })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.ownerId, ownerId))
    .limit(1);
  return row ?? null;
}

/** Creates the owner's feed unless they have one; the nonce in force either way. */
export async function createFeed(
  db: AppDb,
  ownerId: number,
  nonce: string,
  tokenHash: string,
): Promise<string> {
  await db.insert(calendarFeeds).values({ ownerId, nonce, tokenHash }).onConflictDoNothing();
  return (await findFeed(db, ownerId))!.nonce;
}

/** A new nonce and hash for the owner's feed (the old token stops matching at once). */
export async function replaceFeed(
  db: AppDb,
  ownerId: number,
  nonce: string,
  tokenHash: string,
): Promise<void> {
  const values = { nonce, tokenHash, updatedAt: new Date() };
  await db
    .insert(calendarFeeds)
    .values({ ownerId, ...values })
    .onConflictDoUpdate({ target: calendarFeeds.ownerId, set: values });
}

export async function ownerOfToken(db: AppDb, tokenHash: string): Promise<number | null> {
  const [row] = await db
    .select({ ownerId: calendarFeeds.ownerId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, tokenHash))
    .limit(1);
  return row?.ownerId ?? null;
}
