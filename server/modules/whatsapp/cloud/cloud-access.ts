import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../../app-context';
import type { AppDb } from '../../../db/client';
import { agents, whatsappCloudNumbers } from '../../../db/schema';
import { notifyOwnerQuietly } from '../../notifications';
import type { CloudNumberRow } from './cloud-numbers.repo';

/**
 * Meta refused the number's token (error 190: expired, revoked, the app removed): the number is
 * marked 'reconnect' — the WhatsApp tab offers "Reconectar" — and the owner is told once, by the
 * update that moved it from connected. Nothing is retried with that token.
 */
export async function lostAccess(
  ctx: AppContext,
  number: Pick<CloudNumberRow, 'id' | 'ownerId' | 'agentId'>,
) {
  const db = ctx.database.db;
  const moved = await db
    .update(whatsappCloudNumbers)
    .set({ status: 'reconnect', updatedAt: new Date() })
    .where(
      and(eq(whatsappCloudNumbers.id, number.id), eq(whatsappCloudNumbers.status, 'connected')),
    )
    .returning({ id: whatsappCloudNumbers.id });
  if (moved.length === 0) return;
  await notifyOwnerQuietly(ctx, number.ownerId, {
    kind: 'whatsapp-disconnected',
    agentId: number.agentId,
    subject: await agentNameOf(db, number.agentId),
  });
}

/** The agent's name (a template's business name when Meta has no verified name). */
export async function agentNameOf(db: AppDb, agentId: number): Promise<string> {
  const rows = await db
    .select({ name: agents.name })
    .from(agents)
    .where(eq(agents.id, agentId))
    .limit(1);
  return rows[0]?.name ?? '';
}
