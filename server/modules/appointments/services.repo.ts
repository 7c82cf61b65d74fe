import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { appointmentServices } from '../../db/schema';

/** An agent's services. Every query takes the owner: another owner's service does not exist. */
export type ServiceRow = typeof appointmentServices.$inferSelect;

export interface ServiceValues {
  name: string;
  durationMinutes: number;
  priceCents: number | null;
  bufferMinutes: number;
}

const live = (ownerId: number, agentId: number) =>
  and(
    eq(appointmentServices.ownerId, ownerId),
    eq(appointmentServices.agentId, agentId),
    isNull(appointmentServices.deletedAt),
  );

export function listServices(db: AppDb, ownerId: number, agentId: number): Promise<ServiceRow[]> {
  return db
    .select()
    .from(appointmentServices)
    .where(live(ownerId, agentId))
    .orderBy(asc(appointmentServices.id));
}

/** A service not deleted, of this owner's agent. */
export async function findService(
  db: AppDb,
  ownerId: number,
  agentId: number,
  serviceId: number,
): Promise<ServiceRow | null> {
  const [row] = await db
    .select()
    .from(appointmentServices)
    .where(and(live(ownerId, agentId), eq(appointmentServices.id, serviceId)))
    .limit(1);
  return row ?? null;
}

/**
 * Inserts a service unless the agent already has `max`. The count and the insert are two
 * statements, so two creations at the same instant may pass the limit by one: it guards against
 * abuse, it is no business rule.
 */
export async function insertService(
  db: AppDb,
  ownerId: number,
  agentId: number,
  values: ServiceValues,
  max: number,
): Promise<ServiceRow | null> {
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(appointmentServices)
    .where(live(ownerId, agentId));
  if ((count?.n ?? 0) >= max) return null;
  const [row] = await db
    .insert(appointmentServices)
    .values({ ownerId, agentId, ...values })
    .returning();
  return row!;
}

export async function updateService(
  db: AppDb,
  ownerId: number,
  agentId: number,
  serviceId: number,
  values: ServiceValues,
): Promise<ServiceRow | null> {
  const [row] = await db
    .update(appointmentServices)
    .set({ ...values, updatedAt: new Date() })
    .where(and(live(ownerId, agentId), eq(appointmentServices.id, serviceId)))
    .returning();
  return row ?? null;
}

/** Marks it deleted (its appointments keep it); whether it existed. */
export async function softDeleteService(
  db: AppDb,
  ownerId: number,
  agentId: number,
  serviceId: number,
): Promise<boolean> {
  const rows = await db
    .update(appointmentServices)
    .set({ deletedAt: new Date(), updatedAt: new Date() })
    .where(and(live(ownerId, agentId), eq(appointmentServices.id, serviceId)))
    .returning({ id: appointmentServices.id });
  return rows.length > 0;
}
