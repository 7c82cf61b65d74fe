import { and, eq, sql } from 'drizzle-orm';
import type { Availability, AvailabilityInput, BusinessHours } from '@common/schemas/appointments';
import type { AppDb } from '../../db/client';
import { appointmentAvailability, businessHours } from '../../db/schema';

/** An agent's availability and business hours, one row each once saved; scoped by the owner. */

export async function findAvailability(
  db: AppDb,
  ownerId: number,
  agentId: number,
): Promise<Availability | null> {
  const [row] = await db
    .select({
      timezone: appointmentAvailability.timezone,
      weekly: appointmentAvailability.weekly,
      horizonDays: appointmentAvailability.horizonDays,
    })
    .from(appointmentAvailability)
    .where(
      and(
        eq(appointmentAvailability.ownerId, ownerId),
        eq(appointmentAvailability.agentId, agentId),
      ),
    )
    .limit(1);
  if (!row) return null;
  return {
    timezone: row.timezone,
    weekly: row.weekly.map(withCapacity),
    horizonDays: row.horizonDays,
  };
}

/** A horizon left out is kept (the column's default on the first save). */
export async function saveAvailability(
  db: AppDb,
  ownerId: number,
  agentId: number,
  value: AvailabilityInput,
): Promise<void> {
  const values = {
    timezone: value.timezone,
    weekly: value.weekly,
    ...(value.horizonDays === undefined ? {} : { horizonDays: value.horizonDays }),
    updatedAt: new Date(),
  };
  await db
    .insert(appointmentAvailability)
    .values({ agentId, ownerId, ...values })
    .onConflictDoUpdate({
      target: appointmentAvailability.agentId,
      set: values,
      setWhere: eq(appointmentAvailability.ownerId, ownerId),
    });
}

export async function findBusinessHours(
  db: AppDb,
  ownerId: number,
  agentId: number,
): Promise<BusinessHours | null> {
  const [row] = await db
    .select()
    .from(businessHours)
    .where(and(eq(businessHours.ownerId, ownerId), eq(businessHours.agentId, agentId)))
    .limit(1);
  if (!row) return null;
  return {
    timezone: row.timezone,
    weekly: row.weekly.map(({ weekday, start, end }) => ({ weekday, start, end })),
    holidays: row.holidays,
    outOfHours: row.outOfHours as BusinessHours['outOfHours'],
    outOfHoursMessage: row.outOfHoursMessage,
    followsAvailability: row.followsAvailability,
  };
}

export async function saveBusinessHours(
  db: AppDb,
  ownerId: number,
  agentId: number,
  value: BusinessHours,
): Promise<void> {
  const values = { ...value, updatedAt: new Date() };
  await db
    .insert(businessHours)
    .values({ agentId, ownerId, ...values })
    .onConflictDoUpdate({
      target: businessHours.agentId,
      set: values,
      setWhere: eq(businessHours.ownerId, ownerId),
    });
}

/** Whether the database knows the zone (it computes days with AT TIME ZONE too). */
export function zoneKnown(db: AppDb, zone: string): Promise<boolean> {
  return db
    .execute(sql`select now() at time zone ${zone}`)
    .then(() => true)
    .catch(() => false);
}

function withCapacity(w: { weekday: number; start: string; end: string; capacity?: number }) {
  return { weekday: w.weekday, start: w.start, end: w.end, capacity: w.capacity ?? 1 };
}
