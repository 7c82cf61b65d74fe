import { and, desc, eq, sql } from 'drizzle-orm';
import type { CreateAgentData, UpdateAgentData } from '@common/schemas/agent';
import type { AppDb } from '../../db/client';
import { agents } from '../../db/schema';

export type AgentRow = typeof agents.$inferSelect;

/** Every query takes the owner: another user's agent simply does not exist. */
export function listAgents(db: AppDb, ownerId: number): Promise<AgentRow[]> {
  return db.select().from(agents).where(eq(agents.ownerId, ownerId)).orderBy(desc(agents.id));
}

export async function findAgent(
  db: AppDb,
  ownerId: number,
  id: number,
): Promise<AgentRow | undefined> {
  const rows = await db
    .select()
    .from(agents)
    .where(and(eq(agents.id, id), eq(agents.ownerId, ownerId)))
    .limit(1);
  return rows[0];
}

export async function insertAgent(
  db: AppDb,
  ownerId: number,
  data: CreateAgentData,
): Promise<AgentRow> {
  const rows = await db
    .insert(agents)
    .values({ ...data, ownerId, externalApis: data.externalApis ?? null })
    .returning();
  return rows[0]!;
}

export async function updateAgent(
  db: AppDb,
  ownerId: number,
  id: number,
  data: UpdateAgentData,
): Promise<AgentRow | undefined> {
  const changes = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined));
  const rows = await db
    .update(agents)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(agents.id, id), eq(agents.ownerId, ownerId)))
    .returning();
  return rows[0];
}

/**
 * Deletes the agent; the foreign keys remove its documents and chunks, WhatsApp instance record,
 * conversations and messages, and clear `connected_agent_id` on gateway instances.
 */
export async function deleteAgent(db: AppDb, ownerId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(agents)
    .where(and(eq(agents.id, id), eq(agents.ownerId, ownerId)))
    .returning({ id: agents.id });
  return rows.length > 0;
}

/**
 * Gives the owner's agent a new public key from the column's own default (one definition of a
 * key, in the schema); the old one names nothing from this statement on. Undefined when the
 * agent is not this owner's.
 */
export async function rotatePublicKey(
  db: AppDb,
  ownerId: number,
  agentId: number,
): Promise<string | undefined> {
  const rows = await db
    .update(agents)
    .set({ publicKey: sql`DEFAULT` })
    .where(and(eq(agents.id, agentId), eq(agents.ownerId, ownerId)))
    .returning({ publicKey: agents.publicKey });
  return rows[0]?.publicKey;
}
