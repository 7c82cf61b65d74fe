import type { AppContext } from '../../app-context';

/**
 * Told of every appointment booked, moved, re-confirmed or cancelled, whoever did it (the owner's
 * agenda, the booking page, the agent's tools): the reminders module (re)schedules its reminders.
 * Set for each app context where the modules are wired (server/jobs/app-jobs.ts), so this module
 * imports none of its listeners, and two apps in one process (the tests) keep their own. Runs
 * after the change is stored; an error is the caller's (the change stays).
 */
export interface AppointmentChange {
  ownerId: number;
  agentId: number;
  appointmentId: number;
  kind: 'booked' | 'moved' | 'cancelled';
  /** who changed it: the owner (agenda) or the customer (booking page, the agent's tools) */
  by: 'owner' | 'customer';
}

export type AppointmentListener = (ctx: AppContext, change: AppointmentChange) => Promise<void>;

const listeners = new WeakMap<AppContext, AppointmentListener>();

export function setAppointmentListener(ctx: AppContext, listener: AppointmentListener) {
  listeners.set(ctx, listener);
}

export async function appointmentChanged(ctx: AppContext, change: AppointmentChange) {
  await listeners.get(ctx)?.(ctx, change);
}
