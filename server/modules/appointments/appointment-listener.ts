import type { AppContext } from '../../app-context';

/**
 * Told of every appointment booked, moved, re-confirmed or cancelled, whoever did it (the owner's
 * agenda, the booking page, the agent's tools): the reminders module (re)schedules its reminders.
 * Set once, in the composition root (`server/composition.ts`), as `ctx.hooks.appointments`, so
 * this module imports none of its listeners. Runs after the change is stored; an error is the
 * caller's (the change stays).
 */
export interface AppointmentChange {
  ownerId: number;
  agentId: number;
  appointmentId: number;
  kind: 'booked' | 'moved' | 'cancelled';
  /** who changed it: the owner (agenda) or the customer (booking page, the agent's tools) */
  by: 'owner' | 'customer';
}

export interface AppointmentHooks {
  changed(ctx: AppContext, change: AppointmentChange): Promise<void>;
}

export async function appointmentChanged(ctx: AppContext, change: AppointmentChange) {
  await ctx.hooks.appointments.changed(ctx, change);
}
