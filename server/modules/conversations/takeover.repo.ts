import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { conversations } from '../../db/schema';

/** The statements of the takeover rule (takeover.ts): who may answer a conversation. */

/** The bot is paused in the conversation until `until` (null: it answers). */
export async function setBotPausedUntil(db: AppDb, conversationId: number, until: Date | null) {
  await db
    .update(conversations)
    .set({ botPausedUntil: until, updatedAt: new Date() })
    .where(eq(conversations.id, conversationId));
}

/** The bot answers again: no pause, no handoff. */
export async function resumeBot(db: AppDb, conversationId: number) {
  await db
    .update(conversations)
    .set({ botPausedUntil: null, handedOverAt: null, updatedAt: new Date() })
    .where(eq(conversations.id, conversationId));
}

/** A person must answer (kept from the first handoff until a resume). */
export async function setHandedOver(db: AppDb, conversationId: number) {
  await db
    .update(conversations)
    .set({
      handedOverAt: sql`coalesce(${conversations.handedOverAt}, now())`,
      updatedAt: new Date(),
    })
    .where(eq(conversations.id, conversationId));
}

/** A person must answer, if nobody was asked yet: whether this call asked (the agent's handoff). */
export async function setHandedOverIfNot(db: AppDb, conversationId: number): Promise<boolean> {
  const rows = await db
    .update(conversations)
    .set({ handedOverAt: sql`now()`, updatedAt: new Date() })
    .where(and(eq(conversations.id, conversationId), isNull(conversations.handedOverAt)))
    .returning({ id: conversations.id });
  return rows.length > 0;
}
