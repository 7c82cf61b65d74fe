import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { AppDb } from '../../../db/client';
import {
  agents,
  simulatorInstances,
  simulatorMessages,
  whatsappInstances,
} from '../../../db/schema';
import { textArray } from '../../../db/sql-arrays';

export type SimInstance = typeof simulatorInstances.$inferSelect;
export type NewSimInstance = typeof simulatorInstances.$inferInsert;
export type SimMessage = typeof simulatorMessages.$inferSelect;

/** The simulator's own state; instances are gateway-global, like the real server's. */
export async function findInstance(db: AppDb, name: string): Promise<SimInstance | undefined> {
  const rows = await db
    .select()
    .from(simulatorInstances)
    .where(eq(simulatorInstances.name, name))
    .limit(1);
  return rows[0];
}

export function listInstances(db: AppDb): Promise<SimInstance[]> {
  return db.select().from(simulatorInstances).orderBy(asc(simulatorInstances.createdAt));
}

/** Returns undefined when the name is taken (a concurrent create lost the race). */
export async function insertInstance(
  db: AppDb,
  values: NewSimInstance,
): Promise<SimInstance | undefined> {
  const rows = await db.insert(simulatorInstances).values(values).onConflictDoNothing().returning();
  return rows[0];
}

export async function updateInstance(
  db: AppDb,
  name: string,
  changes: Partial<NewSimInstance>,
): Promise<SimInstance | undefined> {
  const rows = await db
    .update(simulatorInstances)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(simulatorInstances.name, name))
    .returning();
  return rows[0];
}

/** Its messages go with it (foreign key cascade), as the real `cleaningStoreData` does. */
export async function deleteInstance(db: AppDb, name: string): Promise<void> {
  await db.delete(simulatorInstances).where(eq(simulatorInstances.name, name));
}

export async function insertMessage(
  db: AppDb,
  values: typeof simulatorMessages.$inferInsert,
): Promise<SimMessage> {
  const rows = await db.insert(simulatorMessages).values(values).returning();
  return rows[0]!;
}

export async function findMessage(
  db: AppDb,
  instanceName: string,
  keyId: string,
): Promise<SimMessage | undefined> {
  const rows = await db
    .select()
    .from(simulatorMessages)
    .where(
      and(eq(simulatorMessages.instanceName, instanceName), eq(simulatorMessages.keyId, keyId)),
    )
    .limit(1);
  return rows[0];
}

export function listMessages(
  db: AppDb,
  instanceName: string,
  filter: { remoteJid?: string; afterId?: number; limit: number },
): Promise<SimMessage[]> {
  const conditions = [eq(simulatorMessages.instanceName, instanceName)];
  if (filter.remoteJid) conditions.push(eq(simulatorMessages.remoteJid, filter.remoteJid));
  if (filter.afterId) conditions.push(gt(simulatorMessages.id, filter.afterId));
  return db
    .select()
    .from(simulatorMessages)
    .where(and(...conditions))
    .orderBy(asc(simulatorMessages.id))
    .limit(filter.limit);
}

/** A message's receipt status as the gateway keeps it (its Message.status), in `data.status`. */
export async function setMessageStatus(
  db: AppDb,
  instanceName: string,
  keyIds: string[],
  status: string,
): Promise<void> {
  if (keyIds.length === 0) return;
  await db
    .update(simulatorMessages)
    .set({ data: sql`jsonb_set(${simulatorMessages.data}, '{status}', to_jsonb(${status}::text))` })
    .where(
      and(
        eq(simulatorMessages.instanceName, instanceName),
        inArray(simulatorMessages.keyId, keyIds),
        // READ is as far as a receipt goes: a late DELIVERY_ACK does not take it back
        sql`coalesce(${simulatorMessages.data}->>'status', '') <> 'READ'`,
      ),
    );
}

/** What was sent to a contact (through the API or from the phone) and they have not read yet. */
export function unreadOutgoing(
  db: AppDb,
  instanceName: string,
  remoteJid: string,
): Promise<SimMessage[]> {
  return db
    .select()
    .from(simulatorMessages)
    .where(
      and(
        eq(simulatorMessages.instanceName, instanceName),
        eq(simulatorMessages.remoteJid, remoteJid),
        eq(simulatorMessages.direction, 'out'),
        sql`coalesce(${simulatorMessages.data}->>'status', '') <> 'READ'`,
      ),
    )
    .orderBy(asc(simulatorMessages.id))
    .limit(500);
}

/**
 * Which user a simulated instance belongs to, through the per-agent WhatsApp record
 * (whatsapp_instances.instance_name → agents.owner_id); null when no agent uses it. Read-only,
 * so the simulator's page can be opened by the owner's session.
 */
export async function ownerOfInstance(db: AppDb, name: string): Promise<number | null> {
  const rows = await db
    .select({ ownerId: agents.ownerId })
    .from(whatsappInstances)
    .innerJoin(agents, eq(agents.id, whatsappInstances.agentId))
    .where(eq(whatsappInstances.instanceName, name))
    .limit(1);
  return rows[0]?.ownerId ?? null;
}

/**
 * The number the owner typed when creating the per-agent instance (whatsapp_instances.phone_number)
 * — the phone that scans in the simulator; null when no agent uses the instance. Read-only.
 */
export async function typedNumberOfInstance(db: AppDb, name: string): Promise<string | null> {
  const rows = await db
    .select({ phoneNumber: whatsappInstances.phoneNumber })
    .from(whatsappInstances)
    .where(eq(whatsappInstances.instanceName, name))
    .limit(1);
  return rows[0]?.phoneNumber ?? null;
}

/**
 * The LGPD erasure of a person: the simulator's copies of their messages on the owner's numbers,
 * by every JID the person has and each spelling of their phone (as `…@s.whatsapp.net`).
 */
export async function eraseSimulatorMessages(
  db: AppDb,
  ownerId: number,
  address: { phones: readonly string[]; jids: readonly string[] },
) {
  const jids = [...address.jids, ...address.phones.map((phone) => `${phone}@s.whatsapp.net`)];
  if (jids.length === 0) return;
  await db.execute(sql`DELETE FROM simulator_messages s
    WHERE s.instance_name IN (SELECT wi.instance_name FROM whatsapp_instances wi
        JOIN agents a ON a.id = wi.agent_id WHERE a.owner_id = ${ownerId})
      AND s.remote_jid = ANY (${textArray(jids)})`);
}
