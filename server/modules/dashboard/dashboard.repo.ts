import { eq, sql } from 'drizzle-orm';
import type { DashboardStats } from '@common/schemas/agent';
import { queryRows, type AppDb } from '../../db/client';
import { users } from '../../db/schema';

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

export interface ChecklistAgentRow {
  id: number;
  name: string;
  status: string;
  /** the free-text knowledge, for the service to tell the owner's own from a template's */
  knowledgeBase: string | null;
  readyDocument: boolean;
  tested: boolean;
  whatsapp: boolean;
  widget: boolean;
  widgetOrigin: string | null;
}

/**
 * Each of the owner's agents with its steps' state: knowledge (a ready document; the free text is
 * judged by the service), tested (an answer in the test console), WhatsApp connected (its own
 * number or a gateway linked to it) and the widget installed (loaded on a site other than ours:
 * the dashboard's preview talks to the same public API, so a website conversation alone proves
 * nothing). Newest first.
 */
export async function checklistAgents(db: AppDb, ownerId: number): Promise<ChecklistAgentRow[]> {
  const connected = sql.join(
    CONNECTED_STATES.map((s) => sql`${s}`),
    sql`, `,
  );
  return queryRows<ChecklistAgentRow>(
    db,
    sql`
    SELECT a.id, a.name, a.status, a.knowledge_base AS "knowledgeBase",
      EXISTS (SELECT 1 FROM rag_documents d
              WHERE d.agent_id = a.id AND d.processing_status = 'ready') AS "readyDocument",
      EXISTS (SELECT 1 FROM conversations c JOIN messages m ON m.conversation_id = c.id
              WHERE c.agent_id = a.id AND c.channel = 'test' AND m.role = 'assistant') AS tested,
      (EXISTS (SELECT 1 FROM whatsapp_instances w
               WHERE w.agent_id = a.id AND w.status IN (${connected}))
        OR EXISTS (SELECT 1 FROM evolution_instances e
                   WHERE e.connected_agent_id = a.id AND e.owner_id = ${ownerId}
                     AND e.status = 'connected')) AS whatsapp,
      w.seen_at IS NOT NULL AS widget,
      w.seen_origin AS "widgetOrigin"
    FROM agents a LEFT JOIN webchat_configs w ON w.agent_id = a.id
    WHERE a.owner_id = ${ownerId}
    ORDER BY a.id DESC`,
  );
}

/** When the owner closed the go-live moment, or null. */
export async function goLiveCelebratedAt(db: AppDb, ownerId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: users.goLiveCelebratedAt })
    .from(users)
    .where(eq(users.id, ownerId))
    .limit(1);
  return row?.at ?? null;
}
