import { sql } from 'drizzle-orm';
import type { DashboardStats } from '@common/schemas/agent';
import { queryRows, type AppDb } from '../../db/client';

/** WhatsApp instance states that mean "connected" (both spellings occur). */
const CONNECTED_STATES = ['CONNECTED', 'open'];

/** Real counts for the owner's dashboard cards, in one round trip. */
export async function dashboardStats(db: AppDb, ownerId: number): Promise<DashboardStats> {
  const [row] = await queryRows<Record<keyof DashboardStats, number | string>>(
    db,
    sql`
    SELECT
      (SELECT count(*)::int FROM agents WHERE owner_id = ${ownerId}) AS "totalAgents",
      (SELECT count(*)::int FROM agents WHERE owner_id = ${ownerId} AND status = 'active') AS "activeAgents",
      (SELECT count(*)::int FROM evolution_instances WHERE owner_id = ${ownerId})
        + (SELECT count(*)::int FROM whatsapp_instances w JOIN agents a ON a.id = w.agent_id
           WHERE a.owner_id = ${ownerId}
             AND w.status IN (${sql.join(
               CONNECTED_STATES.map((s) => sql`${s}`),
               sql`, `,
             )}))
        AS "integrations",
      (SELECT count(*)::int FROM conversations c JOIN agents a ON a.id = c.agent_id
        WHERE a.owner_id = ${ownerId} AND c.channel <> 'test') AS "conversations"
  `,
  );
  if (!row) throw new Error('stats query returned no row');
  return {
    totalAgents: Number(row.totalAgents),
    activeAgents: Number(row.activeAgents),
    integrations: Number(row.integrations),
    conversations: Number(row.conversations),
  };
}
