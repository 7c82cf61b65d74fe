import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { agents, whatsappEvents, whatsappInstances } from '../../db/schema';

export type WhatsappInstanceRow = typeof whatsappInstances.$inferSelect;
export type WhatsappEventRow = typeof whatsappEvents.$inferSelect;
export type InstanceChanges = Partial<
  Pick<
    WhatsappInstanceRow,
    'status' | 'qrCode' | 'webhookSecret' | 'connectedJid' | 'connectedAt' | 'lastActivity'
  >
>;

/**
 * An agent's instance, reached through the agent's owner: another user's agent simply has none
 * (STYLE rule 4). The agent id itself is checked by the agents service first.
 */
export async function findInstanceOfAgent(
  db: AppDb,
  ownerId: number,
  agentId: number,
): Promise<WhatsappInstanceRow | undefined> {
  const rows = await db
    .select({ instance: whatsappInstances })
    .from(whatsappInstances)
    .innerJoin(agents, eq(agents.id, whatsappInstances.agentId))
    .where(and(eq(whatsappInstances.agentId, agentId), eq(agents.ownerId, ownerId)))
    .limit(1);
  return rows[0]?.instance;
}

export async function insertInstance(
  db: AppDb,
  values: Pick<
    WhatsappInstanceRow,
    'agentId' | 'instanceName' | 'phoneNumber' | 'status' | 'qrCode' | 'webhookSecret'
  >,
): Promise<WhatsappInstanceRow> {
  const rows = await db.insert(whatsappInstances).values(values).returning();
  return rows[0]!;
}

export async function updateInstance(
  db: AppDb,
  id: number,
  changes: InstanceChanges,
): Promise<WhatsappInstanceRow> {
  const rows = await db
    .update(whatsappInstances)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(whatsappInstances.id, id))
    .returning();
  return rows[0]!;
}

export async function deleteInstance(db: AppDb, id: number): Promise<void> {
  await db.delete(whatsappInstances).where(eq(whatsappInstances.id, id));
}

export async function insertEvent(
  db: AppDb,
  event: { instanceName: string; agentId: number | null; type: string; detail: object | null },
): Promise<void> {
  await db.insert(whatsappEvents).values({
    instanceName: event.instanceName,
    agentId: event.agentId,
    type: event.type,
    detail: event.detail as Record<string, unknown> | null,
  });
}

/** Newest first. The agent id was checked against the owner by the caller. */
export function latestEventsOfAgent(
  db: AppDb,
  agentId: number,
  limit: number,
  types?: string[],
): Promise<WhatsappEventRow[]> {
  const where = types
    ? and(eq(whatsappEvents.agentId, agentId), inArray(whatsappEvents.type, types))
    : eq(whatsappEvents.agentId, agentId);
  return db
    .select()
    .from(whatsappEvents)
    .where(where)
    .orderBy(desc(whatsappEvents.id))
    .limit(limit);
}

export async function findInstanceById(
  db: AppDb,
  id: number,
): Promise<WhatsappInstanceRow | undefined> {
  const rows = await db.select().from(whatsappInstances).where(eq(whatsappInstances.id, id));
  return rows[0];
}

/** Sets the status only if it is still `from`; undefined when someone changed it meanwhile. */
export async function updateStatusIfUnchanged(
  db: AppDb,
  id: number,
  from: string,
  to: string,
  changes: InstanceChanges,
): Promise<WhatsappInstanceRow | undefined> {
  const rows = await db
    .update(whatsappInstances)
    .set({ ...changes, status: to, updatedAt: new Date() })
    .where(and(eq(whatsappInstances.id, id), eq(whatsappInstances.status, from)))
    .returning();
  return rows[0];
}
