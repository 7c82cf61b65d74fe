import { eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { conversations } from '../../db/schema';
import { appendEventOnce } from './conversation-events.repo';

/** The conversation event that records an out-of-hours notice (ADR 0028). */
export const OUT_OF_HOURS_EVENT = 'out_of_hours';

/**
 * Records the notice of the closed period that ends at `opening` for the conversation, unless one
 * was recorded already: whether this call recorded it (and so the caller sends it). The period is
 * known by its opening, so a second message before it finds the row; hours edited so the opening
 * moves make a new period. The conversation row is locked first: two widget requests at once
 * (two connections on PostgreSQL) record one notice, not two.
 */
export async function claimNotice(
  db: AppDb,
  conversationId: number,
  opening: Date | null,
): Promise<boolean> {
  const claimed = await db.transaction(async (tx) => {
    const locked = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.id, conversationId))
      .for('update');
    if (locked.length === 0) return false;
    return appendEventOnce(tx, conversationId, {
      kind: OUT_OF_HOURS_EVENT,
      by: 'agent',
      until: opening,
    });
  });
  return claimed === true;
}
