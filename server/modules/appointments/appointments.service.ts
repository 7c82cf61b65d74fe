import type { Appointment, AppointmentPatch, Slot } from '@common/schemas/appointments';
import type { AppContext } from '../../app-context';
import { exclusionViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { canonicalPhone, digitsOnly } from '../../lib/phone';
import { getAgent } from '../agents';
import { ownerTimeZone } from '../settings';
import { notifyOwnerQuietly } from '../notifications';
import { appointmentChanged } from './appointment-listener';
import * as repo from './appointments.repo';
import { slotRules } from './schedule.service';
import { bookableService } from './services.service';
import { freeSlots, placeAppointment, type SlotRules } from './slots';
import { isoInZone, nextDay, startOfDay } from './wall-clock';

/**
 * Appointments: free slots, booking, moving, cancelling and the owner's agenda. The rules of a
 * slot are in slots.ts; whether a seat is free when it is taken is the database's to say (the
 * exclusion constraint `appointments_seat_free`, ADR 0026): a booking tries the seats the holds
 * it read leave free, and a seat taken meanwhile fails its statement with 23P01 and the next is
 * tried; none left is APPOINTMENT_SLOT_TAKEN.
 *
 * Customers — the public booking page, the agent's tools — are bound by the agent's horizon
 * (`horizonDays`): no slot is listed nor taken past it (409 APPOINTMENT_BEYOND_HORIZON). The
 * owner's own agenda is not: the owner may book and move their appointments further ahead (a
 * course next semester, a yearly check-up), and nobody else's input reaches it.
 */

export type AppointmentSource = repo.NewAppointment['source'];
/** Who books or moves: a customer is bound by the horizon, the owner is not. */
export type BookedBy = 'owner' | 'customer';

const DAY = 86_400_000;

/**
 * A customer's phone as appointments are keyed: digits in the canonical form WhatsApp contacts
 * use; a number of 10 or 11 digits written without + is Brazilian (DDD + number) and gets 55.
 */
export function customerPhoneKey(phone: string): string {
  const digits = digitsOnly(phone);
  const international = phone.trim().startsWith('+') || digits.length > 11;
  return canonicalPhone(international ? digits : `55${digits}`);
}

export function toAppointment(row: repo.AppointmentView, zone: string): Appointment {
  return {
    id: row.id,
    agentId: row.agentId,
    serviceId: row.serviceId,
    startsAt: isoInZone(zone, row.startsAt),
    endsAt: isoInZone(zone, row.endsAt),
    status: row.status as Appointment['status'],
    customerName: row.customerName,
    customerPhone: row.customerPhone,
    serviceName: row.serviceName,
  };
}

/** The rules as they bind `by`: the owner's own agenda has no horizon. */
async function rulesFor(ctx: AppContext, ownerId: number, agentId: number, by: BookedBy) {
  const rules = await slotRules(ctx, ownerId, agentId);
  return by === 'owner' ? { ...rules, horizonDays: null } : rules;
}

/**
 * The free slots of a service of the owner's agent on days `from`..`to` (the agent's zone); for a
 * customer none past the horizon.
 */
export async function listFreeSlots(
  ctx: AppContext,
  options: {
    ownerId: number;
    agentId: number;
    serviceId: number;
    from: string;
    to: string;
    by: BookedBy;
  },
): Promise<Slot[]> {
  const { ownerId, agentId } = options;
  await getAgent(ctx.database.db, ownerId, agentId);
  const service = await bookableService(ctx, ownerId, agentId, options.serviceId);
  const rules = await rulesFor(ctx, ownerId, agentId, options.by);
  // holds that may overlap the days' slots: a day of margin either side covers any zone offset
  const from = new Date(startOfDay(rules.timezone, options.from).getTime() - DAY);
  const to = new Date(startOfDay(rules.timezone, nextDay(options.to)).getTime() + DAY);
  const holds = await repo.seatHolds(ctx.database.db, ownerId, agentId, from, to);
  const slots = freeSlots(rules, service, options, holds, Date.now());
  return slots.map((s) => ({
    startsAt: isoInZone(rules.timezone, new Date(s.startsAt)),
    endsAt: isoInZone(rules.timezone, new Date(s.endsAt)),
  }));
}

export interface BookOptions {
  ownerId: number;
  agentId: number;
  serviceId: number;
  startsAt: string;
  customerName: string;
  customerPhone: string;
  source: AppointmentSource;
  conversationId?: number | null;
}

/** "Ana Souza · Corte de cabelo · 03/12, 10:00": who booked what and when, in the agent's zone. */
function bookingSubject(customer: string, service: string, startsAt: Date, timeZone: string) {
  const when = new Intl.DateTimeFormat('pt-BR', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(startsAt);
  return `${customer} · ${service} · ${when}`;
}

/**
 * Books a slot for a customer: 409 when it is not a slot (past the horizon unless the owner books
 * it in the agenda, source 'dashboard'), or when no seat is free.
 */
export async function bookAppointment(ctx: AppContext, options: BookOptions) {
  const { ownerId, agentId } = options;
  const db = ctx.database.db;
  const by: BookedBy = options.source === 'dashboard' ? 'owner' : 'customer';
  await getAgent(db, ownerId, agentId);
  const service = await bookableService(ctx, ownerId, agentId, options.serviceId);
  const rules = await rulesFor(ctx, ownerId, agentId, by);
  const placed = place(rules, service, Date.parse(options.startsAt));
  const values: repo.NewAppointment = {
    agentId,
    serviceId: service.id,
    startsAt: new Date(Date.parse(options.startsAt)),
    endsAt: new Date(placed.endsAt),
    blockedFrom: new Date(placed.blockedFrom),
    blockedTo: new Date(placed.blockedTo),
    customerName: options.customerName,
    customerPhone: customerPhoneKey(options.customerPhone),
    source: options.source,
    conversationId: options.conversationId ?? null,
  };
  const row = await takeSeat(ctx, ownerId, agentId, placed, undefined, (seat) =>
    repo.insertAppointment(db, ownerId, values, seat),
  );
  await appointmentChanged(ctx, {
    ownerId,
    agentId,
    appointmentId: row.id,
    kind: 'booked',
    by,
  });
  // A customer's booking (the page, the agent) is news to the owner; their own is not.
  if (by === 'customer') {
    await notifyOwnerQuietly(ctx, ownerId, {
      kind: 'appointment-booked',
      agentId,
      subject: bookingSubject(options.customerName, service.name, row.startsAt, rules.timezone),
    });
  }
  const appointment = toAppointment({ ...row, serviceName: service.name }, rules.timezone);
  return { appointment, serviceName: service.name };
}

/** Moves an appointment and/or confirms or cancels it (PATCH /api/appointments/{id}). */
export async function patchAppointment(
  ctx: AppContext,
  ownerId: number,
  id: number,
  patch: AppointmentPatch,
  by: BookedBy = 'owner',
): Promise<Appointment> {
  const db = ctx.database.db;
  const current = await repo.findAppointment(db, ownerId, id);
  if (!current) throw new AppError('APPOINTMENT_NOT_FOUND');
  const zone = await ownerTimeZone(ctx, ownerId);
  const change = { ownerId, agentId: current.agentId, appointmentId: id, by };
  if (patch.status === 'cancelled') {
    const row = await repo.cancelAppointmentRow(db, ownerId, id);
    if (!row) throw new AppError('APPOINTMENT_NOT_FOUND');
    if (current.status !== 'cancelled') {
      await appointmentChanged(ctx, { ...change, kind: 'cancelled' });
    }
    return toAppointment({ ...row, serviceName: current.serviceName }, zone);
  }
  if (current.status === 'cancelled' && patch.status !== 'confirmed') {
    throw new AppError('APPOINTMENT_CANCELLED');
  }
  const startsAt = patch.startsAt === undefined ? current.startsAt : new Date(patch.startsAt);
  const unchanged =
    current.status === 'confirmed' && startsAt.getTime() === current.startsAt.getTime();
  if (unchanged) return toAppointment(current, zone);
  const moved = await holdAgain(ctx, current, startsAt, by);
  await appointmentChanged(ctx, { ...change, kind: 'moved' });
  return toAppointment({ ...moved, serviceName: current.serviceName }, zone);
}

/** Takes a seat again for a moved or re-confirmed appointment, the old hold set aside. */
async function holdAgain(
  ctx: AppContext,
  current: repo.AppointmentRow,
  startsAt: Date,
  by: BookedBy,
) {
  const { ownerId, agentId } = current;
  const db = ctx.database.db;
  // a deleted service still has its rules: its confirmed appointments may be moved
  const service = await serviceOf(ctx, current);
  const rules = await rulesFor(ctx, ownerId, agentId, by);
  const placed = place(rules, service, startsAt.getTime());
  const hold = {
    startsAt,
    endsAt: new Date(placed.endsAt),
    blockedFrom: new Date(placed.blockedFrom),
    blockedTo: new Date(placed.blockedTo),
  };
  const row = await takeSeat(ctx, ownerId, agentId, placed, current.id, async (seat) => {
    const updated = await repo.updateAppointmentHold(db, ownerId, current.id, hold, seat);
    if (!updated) throw new AppError('APPOINTMENT_NOT_FOUND');
    return updated;
  });
  return row;
}

async function serviceOf(ctx: AppContext, row: repo.AppointmentRow) {
  const found = await repo.serviceRules(ctx.database.db, row.ownerId, row.serviceId);
  if (!found) throw new AppError('SERVICE_NOT_FOUND');
  return found;
}

function place(
  rules: SlotRules,
  service: { durationMinutes: number; bufferMinutes: number },
  startsAt: number,
) {
  const placed = placeAppointment(rules, service, startsAt, Date.now());
  if (placed.ok) return placed;
  if (placed.reason === 'horizon') {
    throw new AppError('APPOINTMENT_BEYOND_HORIZON', { params: { days: rules.horizonDays ?? 0 } });
  }
  throw new AppError(
    placed.reason === 'past' ? 'APPOINTMENT_IN_PAST' : 'APPOINTMENT_OUTSIDE_AVAILABILITY',
  );
}

/**
 * Tries the seats the current holds leave free, in order, each in its own statement; a seat a
 * concurrent booking took first fails with an exclusion violation and the next is tried.
 */
async function takeSeat(
  ctx: AppContext,
  ownerId: number,
  agentId: number,
  placed: { capacity: number; blockedFrom: number; blockedTo: number },
  except: number | undefined,
  write: (seat: number) => Promise<repo.AppointmentRow>,
): Promise<repo.AppointmentRow> {
  const from = new Date(placed.blockedFrom);
  const to = new Date(placed.blockedTo);
  const holds = await repo.seatHolds(ctx.database.db, ownerId, agentId, from, to, except);
  const taken = new Set(holds.map((h) => h.seat));
  for (let seat = 1; seat <= placed.capacity; seat++) {
    if (taken.has(seat)) continue;
    try {
      return await write(seat);
    } catch (err) {
      if (exclusionViolation(err) === null) throw err;
    }
  }
  throw new AppError('APPOINTMENT_SLOT_TAKEN');
}

/** The owner's appointments of days `from`..`to` of their time zone, every agent. */
export async function listAppointments(
  ctx: AppContext,
  ownerId: number,
  days: { from: string; to: string },
): Promise<Appointment[]> {
  const zone = await ownerTimeZone(ctx, ownerId);
  const rows = await repo.listAppointments(
    ctx.database.db,
    ownerId,
    startOfDay(zone, days.from),
    startOfDay(zone, nextDay(days.to)),
  );
  return rows.map((row) => toAppointment(row, zone));
}
