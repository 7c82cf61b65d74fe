import { and, asc, eq, gt, gte, lt, ne, sql } from 'drizzle-orm';
import { SERVICE_MAX_BUFFER_MINUTES, SERVICE_MAX_MINUTES } from '@common/schemas/appointments';
import type { AppDb } from '../../db/client';
import { agents, appointmentServices, appointments, bookingPages } from '../../db/schema';
import type { SeatHold } from './slots';

/** The longest blocked time: the longest service and its buffer on both sides. */
const HOLD_MAX_MS = (SERVICE_MAX_MINUTES + 2 * SERVICE_MAX_BUFFER_MINUTES) * 60_000;

/** Appointments. Every query takes the owner: another owner's appointment does not exist here. */
export type AppointmentRow = typeof appointments.$inferSelect;
/** A row with its service's name, as the agenda shows it. */
export type AppointmentView = AppointmentRow & { serviceName: string };

const withServiceName = { row: appointments, serviceName: appointmentServices.name };
const view = (r: { row: AppointmentRow; serviceName: string }): AppointmentView => ({
  ...r.row,
  serviceName: r.serviceName,
});

export interface NewAppointment {
  agentId: number;
  serviceId: number;
  startsAt: Date;
  endsAt: Date;
  blockedFrom: Date;
  blockedTo: Date;
  customerName: string;
  customerPhone: string;
  source: 'dashboard' | 'booking_page' | 'agent';
  conversationId: number | null;
}

/** The owner's appointments starting in [from, to), every agent, by start. */
export async function listAppointments(
  db: AppDb,
  ownerId: number,
  from: Date,
  to: Date,
): Promise<AppointmentView[]> {
  const rows = await db
    .select(withServiceName)
    .from(appointments)
    .innerJoin(appointmentServices, eq(appointmentServices.id, appointments.serviceId))
    .where(
      and(
        eq(appointments.ownerId, ownerId),
        gte(appointments.startsAt, from),
        lt(appointments.startsAt, to),
      ),
    )
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
  return rows.map(view);
}

export async function findAppointment(
  db: AppDb,
  ownerId: number,
  id: number,
): Promise<AppointmentView | null> {
  const [row] = await db
    .select(withServiceName)
    .from(appointments)
    .innerJoin(appointmentServices, eq(appointmentServices.id, appointments.serviceId))
    .where(and(eq(appointments.ownerId, ownerId), eq(appointments.id, id)))
    .limit(1);
  return row ? view(row) : null;
}

/** The seats confirmed appointments of the agent hold during [from, to), but `except`'s. */
export async function seatHolds(
  db: AppDb,
  ownerId: number,
  agentId: number,
  from: Date,
  to: Date,
  except?: number,
): Promise<SeatHold[]> {
  const rows = await db
    .select({
      blockedFrom: appointments.blockedFrom,
      blockedTo: appointments.blockedTo,
      seat: appointments.seat,
    })
    .from(appointments)
    .where(
      and(
        eq(appointments.ownerId, ownerId),
        eq(appointments.agentId, agentId),
        eq(appointments.status, 'confirmed'),
        // bounded on both sides so the (agent_id, blocked_from) index reads only the range,
        // not the agent's whole history: no hold is longer than HOLD_MAX_MS
        gte(appointments.blockedFrom, new Date(from.getTime() - HOLD_MAX_MS)),
        lt(appointments.blockedFrom, to),
        gt(appointments.blockedTo, from),
        except === undefined ? undefined : ne(appointments.id, except),
      ),
    );
  return rows.map((r) => ({
    blockedFrom: r.blockedFrom.getTime(),
    blockedTo: r.blockedTo.getTime(),
    seat: r.seat,
  }));
}

/**
 * Books `seat`: one INSERT the exclusion constraint `appointments_seat_free` checks against every
 * committed and in-flight confirmed appointment (a concurrent one on the same seat waits for the
 * other to finish, then fails with 23P01). The caller tries the next seat on that failure.
 */
export async function insertAppointment(
  db: AppDb,
  ownerId: number,
  values: NewAppointment,
  seat: number,
): Promise<AppointmentRow> {
  const [row] = await db
    .insert(appointments)
    .values({ ownerId, ...values, seat, status: 'confirmed' })
    .returning();
  return row!;
}

/** Moves and/or (re)confirms it on `seat`; the same constraint checks the new hold. */
export async function updateAppointmentHold(
  db: AppDb,
  ownerId: number,
  id: number,
  hold: { startsAt: Date; endsAt: Date; blockedFrom: Date; blockedTo: Date },
  seat: number,
): Promise<AppointmentRow | null> {
  const [row] = await db
    .update(appointments)
    .set({ ...hold, seat, status: 'confirmed', updatedAt: new Date() })
    .where(and(eq(appointments.ownerId, ownerId), eq(appointments.id, id)))
    .returning();
  return row ?? null;
}

export async function cancelAppointmentRow(
  db: AppDb,
  ownerId: number,
  id: number,
): Promise<AppointmentRow | null> {
  const [row] = await db
    .update(appointments)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(and(eq(appointments.ownerId, ownerId), eq(appointments.id, id)))
    .returning();
  return row ?? null;
}

/** Erases every appointment of one customer of the owner (LGPD erasure); how many. */
export async function deleteByPhone(db: AppDb, ownerId: number, phone: string): Promise<number> {
  const rows = await db
    .delete(appointments)
    .where(and(eq(appointments.ownerId, ownerId), eq(appointments.customerPhone, phone)))
    .returning({ id: appointments.id });
  return rows.length;
}

/** The owner's appointments of one customer, newest first (the contact's export and page). */
export async function listByPhone(
  db: AppDb,
  ownerId: number,
  phone: string,
): Promise<AppointmentView[]> {
  const rows = await db
    .select(withServiceName)
    .from(appointments)
    .innerJoin(appointmentServices, eq(appointmentServices.id, appointments.serviceId))
    .where(and(eq(appointments.ownerId, ownerId), eq(appointments.customerPhone, phone)))
    .orderBy(sql`${appointments.startsAt} desc`);
  return rows.map(view);
}

/** Confirmed appointments of the owner from `since` on, with their service's name (the feed). */
export function feedAppointments(db: AppDb, ownerId: number, since: Date) {
  return db
    .select({
      id: appointments.id,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      customerName: appointments.customerName,
      customerPhone: appointments.customerPhone,
      updatedAt: appointments.updatedAt,
      serviceName: appointmentServices.name,
      businessName: sql<string>`coalesce(${bookingPages.businessName}, ${agents.name})`,
    })
    .from(appointments)
    .innerJoin(appointmentServices, eq(appointmentServices.id, appointments.serviceId))
    .innerJoin(agents, eq(agents.id, appointments.agentId))
    .leftJoin(bookingPages, eq(bookingPages.agentId, appointments.agentId))
    .where(
      and(
        eq(appointments.ownerId, ownerId),
        eq(appointments.status, 'confirmed'),
        gte(appointments.startsAt, since),
      ),
    )
    .orderBy(asc(appointments.startsAt))
    .limit(5000);
}

/** A service's duration and buffer, deleted or not (its appointments keep them). */
export async function serviceRules(db: AppDb, ownerId: number, serviceId: number) {
  const [row] = await db
    .select({
      name: appointmentServices.name,
      durationMinutes: appointmentServices.durationMinutes,
      bufferMinutes: appointmentServices.bufferMinutes,
    })
    .from(appointmentServices)
    .where(and(eq(appointmentServices.ownerId, ownerId), eq(appointmentServices.id, serviceId)))
    .limit(1);
  return row ?? null;
}
