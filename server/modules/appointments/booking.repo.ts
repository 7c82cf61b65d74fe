import { and, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { agents, bookingPages } from '../../db/schema';

/** The public booking pages' slugs and business names, one per agent. */

export async function findSlug(
  db: AppDb,
  ownerId: number,
  agentId: number,
): Promise<string | null> {
  const [row] = await db
    .select({ slug: bookingPages.slug })
    .from(bookingPages)
    .where(and(eq(bookingPages.ownerId, ownerId), eq(bookingPages.agentId, agentId)))
    .limit(1);
  return row?.slug ?? null;
}

/** Claims `slug` for the agent; false when another agent has it (or this agent has one). */
export async function claimSlug(
  db: AppDb,
  ownerId: number,
  agentId: number,
  slug: string,
): Promise<boolean> {
  const rows = await db
    .insert(bookingPages)
    .values({ agentId, ownerId, slug })
    .onConflictDoNothing()
    .returning({ slug: bookingPages.slug });
  return rows.length > 0;
}

/** The business name the owner gave the agent's page; null: none (or no page yet). */
export async function findBusinessName(
  db: AppDb,
  ownerId: number,
  agentId: number,
): Promise<string | null> {
  const [row] = await db
    .select({ businessName: bookingPages.businessName })
    .from(bookingPages)
    .where(and(eq(bookingPages.ownerId, ownerId), eq(bookingPages.agentId, agentId)))
    .limit(1);
  return row?.businessName ?? null;
}

/** Sets the page's business name (null: none); `onlyIfNone` keeps one already given. */
export async function saveBusinessName(
  db: AppDb,
  ownerId: number,
  agentId: number,
  businessName: string | null,
  onlyIfNone = false,
): Promise<void> {
  await db
    .update(bookingPages)
    .set({ businessName })
    .where(
      and(
        eq(bookingPages.ownerId, ownerId),
        eq(bookingPages.agentId, agentId),
        ...(onlyIfNone ? [sql`${bookingPages.businessName} IS NULL`] : []),
      ),
    );
}

/** The agent a slug names, with its owner, status and the name its page shows. */
export async function findBySlug(db: AppDb, slug: string) {
  const [row] = await db
    .select({
      agentId: agents.id,
      ownerId: agents.ownerId,
      businessName: sql<string>`coalesce(${bookingPages.businessName}, ${agents.name})`,
      status: agents.status,
    })
    .from(bookingPages)
    .innerJoin(agents, eq(agents.id, bookingPages.agentId))
    .where(eq(bookingPages.slug, slug))
    .limit(1);
  return row ?? null;
}
