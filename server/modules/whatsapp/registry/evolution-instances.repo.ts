import { and, desc, eq, inArray, isNull, ne, notExists, or, sql } from 'drizzle-orm';
import type { AppDb } from '../../../db/client';
import {
  agents,
  evolutionInstances,
  evolutionWebhookDefaults,
  whatsappEvents,
} from '../../../db/schema';

export type EvolutionInstanceRow = typeof evolutionInstances.$inferSelect;
export type EvolutionInstanceValues = Omit<
  typeof evolutionInstances.$inferInsert,
  'id' | 'ownerId' | 'createdAt'
>;
export type RegistryRow = EvolutionInstanceRow & { connectedAgentName: string | null };
export type WebhookDefaultsRow = typeof evolutionWebhookDefaults.$inferSelect;

/** Every query takes the owner: another user's instance simply does not exist. */
function withAgentName(db: AppDb) {
  return db
    .select({ instance: evolutionInstances, agentName: agents.name })
    .from(evolutionInstances)
    .leftJoin(
      agents,
      and(
        eq(agents.id, evolutionInstances.connectedAgentId),
        eq(agents.ownerId, evolutionInstances.ownerId),
      ),
    );
}

const flatten = (r: { instance: EvolutionInstanceRow; agentName: string | null }): RegistryRow => ({
  ...r.instance,
  connectedAgentName: r.agentName,
});

export async function listInstances(db: AppDb, ownerId: number): Promise<RegistryRow[]> {
  const rows = await withAgentName(db)
    .where(eq(evolutionInstances.ownerId, ownerId))
    .orderBy(desc(evolutionInstances.id));
  return rows.map(flatten);
}

export async function findInstance(
  db: AppDb,
  ownerId: number,
  id: number,
): Promise<RegistryRow | undefined> {
  const rows = await withAgentName(db)
    .where(and(eq(evolutionInstances.id, id), eq(evolutionInstances.ownerId, ownerId)))
    .limit(1);
  return rows[0] && flatten(rows[0]);
}

export async function insertInstance(
  db: AppDb,
  ownerId: number,
  values: EvolutionInstanceValues,
): Promise<number> {
  const rows = await db
    .insert(evolutionInstances)
    .values({ ...values, ownerId })
    .returning({ id: evolutionInstances.id });
  return rows[0]!.id;
}

export async function updateInstance(
  db: AppDb,
  ownerId: number,
  id: number,
  values: Partial<EvolutionInstanceValues>,
): Promise<boolean> {
  const rows = await db
    .update(evolutionInstances)
    .set(values)
    .where(and(eq(evolutionInstances.id, id), eq(evolutionInstances.ownerId, ownerId)))
    .returning({ id: evolutionInstances.id });
  return rows.length > 0;
}

export async function deleteInstance(db: AppDb, ownerId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(evolutionInstances)
    .where(and(eq(evolutionInstances.id, id), eq(evolutionInstances.ownerId, ownerId)))
    .returning({ id: evolutionInstances.id });
  return rows.length > 0;
}

/**
 * The latest events recorded under a gateway instance name, as far as they are this owner's:
 * events tied to one of the owner's agents, and events tied to no agent only while no other
 * owner registered the same instance id (several owners may use the same name on different
 * gateways, and an unattributed event must not leak across them).
 */
export function latestEvents(db: AppDb, ownerId: number, instanceName: string, limit: number) {
  const ownAgents = db.select({ id: agents.id }).from(agents).where(eq(agents.ownerId, ownerId));
  const sharedName = db
    .select({ one: sql`1` })
    .from(evolutionInstances)
    .where(
      and(eq(evolutionInstances.instanceId, instanceName), ne(evolutionInstances.ownerId, ownerId)),
    );
  return db
    .select()
    .from(whatsappEvents)
    .where(
      and(
        eq(whatsappEvents.instanceName, instanceName),
        or(
          inArray(whatsappEvents.agentId, ownAgents),
          and(isNull(whatsappEvents.agentId), notExists(sharedName)),
        ),
      ),
    )
    .orderBy(desc(whatsappEvents.id))
    .limit(limit);
}

export async function findWebhookDefaults(
  db: AppDb,
  ownerId: number,
): Promise<WebhookDefaultsRow | undefined> {
  const rows = await db
    .select()
    .from(evolutionWebhookDefaults)
    .where(eq(evolutionWebhookDefaults.ownerId, ownerId))
    .limit(1);
  return rows[0];
}

export async function upsertWebhookDefaults(
  db: AppDb,
  ownerId: number,
  values: { url: string | null; secret: string | null; events: string[] },
): Promise<WebhookDefaultsRow> {
  const rows = await db
    .insert(evolutionWebhookDefaults)
    .values({ ownerId, ...values })
    .onConflictDoUpdate({
      target: evolutionWebhookDefaults.ownerId,
      set: { ...values, updatedAt: new Date() },
    })
    .returning();
  return rows[0]!;
}
