import type { Appointment } from '@common/schemas/appointments';
import type { AppContext } from '../../app-context';
import type { AppDb } from '../../db/client';
import { AppError } from '../../lib/errors';
import { ownerTimeZone } from '../settings';
import * as repo from './appointments.repo';
import { customerPhoneKey, patchAppointment, toAppointment } from './appointments.service';

/**
 * One customer's appointments, by their phone: what the agent's tools do for the customer it is
 * talking to (list, move, cancel — never another customer's), and the contact's LGPD export and
 * erasure.
 */

export interface CustomerRef {
  ownerId: number;
  agentId: number;
  customerPhone: string;
}

/** The customer's confirmed appointments with this agent from now on. */
export async function upcomingForCustomer(
  ctx: AppContext,
  ref: CustomerRef,
): Promise<Appointment[]> {
  const zone = await ownerTimeZone(ctx, ref.ownerId);
  const rows = await repo.listByPhone(
    ctx.database.db,
    ref.ownerId,
    customerPhoneKey(ref.customerPhone),
  );
  const now = Date.now();
  return rows
    .filter(
      (a) => a.agentId === ref.agentId && a.status === 'confirmed' && a.startsAt.getTime() >= now,
    )
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
    .map((a) => toAppointment(a, zone));
}

async function customersOwn(ctx: AppContext, ref: CustomerRef, appointmentId: number) {
  const row = await repo.findAppointment(ctx.database.db, ref.ownerId, appointmentId);
  if (
    !row ||
    row.agentId !== ref.agentId ||
    row.customerPhone !== customerPhoneKey(ref.customerPhone)
  ) {
    throw new AppError('APPOINTMENT_NOT_FOUND');
  }
  return row;
}

/** Moves one of the customer's appointments (409 when the new time is taken or not a slot). */
export async function rescheduleForCustomer(
  ctx: AppContext,
  ref: CustomerRef & { appointmentId: number; startsAt: string },
): Promise<Appointment> {
  await customersOwn(ctx, ref, ref.appointmentId);
  return patchAppointment(
    ctx,
    ref.ownerId,
    ref.appointmentId,
    { startsAt: ref.startsAt },
    'customer',
  );
}

export async function cancelForCustomer(
  ctx: AppContext,
  ref: CustomerRef & { appointmentId: number },
): Promise<Appointment> {
  await customersOwn(ctx, ref, ref.appointmentId);
  return patchAppointment(ctx, ref.ownerId, ref.appointmentId, { status: 'cancelled' }, 'customer');
}

/**
 * Every appointment of one customer of the owner, any agent, with the service's name — for the
 * contact's LGPD export, read in the export's transaction (`db`); times in UTC.
 */
export async function customerAppointments(db: AppDb, ownerId: number, phone: string) {
  const rows = await repo.listByPhone(db, ownerId, customerPhoneKey(phone));
  return rows.map((r) => toAppointment(r, 'UTC'));
}

/**
 * Erases every appointment of one customer of the owner (a contact's erasure, in its transaction:
 * `db`); how many.
 */
export function deleteCustomerAppointments(
  db: AppDb,
  ownerId: number,
  phone: string,
): Promise<number> {
  return repo.deleteByPhone(db, ownerId, customerPhoneKey(phone));
}
