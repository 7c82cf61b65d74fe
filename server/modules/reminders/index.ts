/**
 * Appointment reminders on WhatsApp (ADR 0029): the agent's settings
 * (GET/PUT /api/agents/{id}/reminders), the reminders scheduled when an appointment is booked or
 * moved (the appointments' `changed` hook, set in server/composition.ts), each sent once by its
 * job through the agent's WhatsApp number, and the customer's "1"/"2" answer (the conversation
 * core's `fixedAnswer` hook, set there too).
 */
import type { AppContext } from '../../app-context';
import type { AppointmentChange } from '../appointments';
import { queueReminder } from './reminders-jobs';
import { onAppointmentChange } from './reminders.service';

export { reminderRoutes } from './reminders.routes';
export {
  REMINDER_QUEUE,
  REMINDER_QUEUE_OPTIONS,
  REMINDER_QUEUES,
  registerReminderJobs,
  sweepReminders,
} from './reminders-jobs';
export { answerOf, reminderAnswer, reminderText } from './reminders.service';
export { planReminders } from './reminder-plan';

/** The appointments module's listener: (re)schedules or cancels the appointment's reminders. */
export function remindersOnAppointmentChange(ctx: AppContext, change: AppointmentChange) {
  return onAppointmentChange(ctx, change, queueReminder);
}
