import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../app-context';
import type { AppDb } from '../../../db/client';
import { agents } from '../../../db/schema';
import { notifyOwnerQuietly } from '../../notifications';
import { markForReconnection, numbersOfWaba, type CloudNumberRow } from './cloud-numbers.repo';

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
  if (!(await markForReconnection(db, number.id))) return;
  await notifyOwnerQuietly(ctx, number.ownerId, {
    kind: 'whatsapp-disconnected',
    agentId: number.agentId,
    subject: await agentNameOf(db, number.agentId),
  });
}

/**
 * Meta removed our access to a WhatsApp Business account (the app uninstalled, the account
 * offboarded or disabled, a coexistence number unused on the phone for two weeks): each of its
 * numbers is marked for reconnection and its owner told, once.
 */
export async function lostWabaAccess(ctx: AppContext, wabaId: string) {
  const numbers = await numbersOfWaba(ctx.database.db, wabaId);
  for (const number of numbers) await lostAccess(ctx, number);
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
