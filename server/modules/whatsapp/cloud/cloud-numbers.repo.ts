import { and, eq } from 'drizzle-orm';
import type { AppDb } from '../../../db/client';
import { agents, whatsappCloudNumbers } from '../../../db/schema';

/** The agents' official numbers (whatsapp_cloud_numbers): the one writer of that table. */

export type CloudNumberRow = typeof whatsappCloudNumbers.$inferSelect;
export type NewCloudNumber = typeof whatsappCloudNumbers.$inferInsert;

export async function cloudNumberOfAgent(db: AppDb, ownerId: number, agentId: number) {
  const rows = await db
    .select()
    .from(whatsappCloudNumbers)
    .where(
      and(eq(whatsappCloudNumbers.ownerId, ownerId), eq(whatsappCloudNumbers.agentId, agentId)),
    )
    .limit(1);
  return rows[0];
}

/** The number of an agent whoever owns it (the pipeline's sends; the agent is known). */
export async function cloudNumberByAgent(db: AppDb, agentId: number) {
  const rows = await db
    .select()
    .from(whatsappCloudNumbers)
    .where(eq(whatsappCloudNumbers.agentId, agentId))
    .limit(1);
  return rows[0];
}

export async function cloudNumberById(db: AppDb, id: number) {
  const rows = await db
    .select()
    .from(whatsappCloudNumbers)
    .where(eq(whatsappCloudNumbers.id, id))
    .limit(1);
  return rows[0];
}

/** The number a webhook's `metadata.phone_number_id` names, with its agent's owner. */
export async function cloudNumberByPhoneId(db: AppDb, phoneNumberId: string) {
  const rows = await db
    .select({
      id: whatsappCloudNumbers.id,
      agentId: whatsappCloudNumbers.agentId,
      ownerId: whatsappCloudNumbers.ownerId,
      phoneNumberId: whatsappCloudNumbers.phoneNumberId,
      status: whatsappCloudNumbers.status,
      coexistence: whatsappCloudNumbers.coexistence,
      agentName: agents.name,
    })
    .from(whatsappCloudNumbers)
    .innerJoin(agents, eq(agents.id, whatsappCloudNumbers.agentId))
    .where(eq(whatsappCloudNumbers.phoneNumberId, phoneNumberId))
    .limit(1);
  return rows[0];
}

/** The owner's numbers on one WABA (its templates are shared by them). */
export async function cloudNumbersOfOwner(db: AppDb, ownerId: number) {
  return db
    .select()
    .from(whatsappCloudNumbers)
    .where(eq(whatsappCloudNumbers.ownerId, ownerId))
    .orderBy(whatsappCloudNumbers.id);
}

export async function insertCloudNumber(db: AppDb, row: NewCloudNumber) {
  const [inserted] = await db.insert(whatsappCloudNumbers).values(row).returning();
  return inserted!;
}

/**
 * Marks a connected number for reconnection; resolves to whether this call moved it (so the
 * owner is told once).
 */
export async function markForReconnection(db: AppDb, id: number): Promise<boolean> {
  const moved = await db
    .update(whatsappCloudNumbers)
    .set({ status: 'reconnect', updatedAt: new Date() })
    .where(and(eq(whatsappCloudNumbers.id, id), eq(whatsappCloudNumbers.status, 'connected')))
    .returning({ id: whatsappCloudNumbers.id });
  return moved.length > 0;
}

/** Every number of a WABA (Meta's account events name the WABA). */
export async function numbersOfWaba(db: AppDb, wabaId: string) {
  return db
    .select({
      id: whatsappCloudNumbers.id,
      ownerId: whatsappCloudNumbers.ownerId,
      agentId: whatsappCloudNumbers.agentId,
    })
    .from(whatsappCloudNumbers)
    .where(eq(whatsappCloudNumbers.wabaId, wabaId));
}

export async function deleteCloudNumber(db: AppDb, id: number) {
  await db.delete(whatsappCloudNumbers).where(eq(whatsappCloudNumbers.id, id));
}
