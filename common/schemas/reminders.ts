import { z } from 'zod';

/**
 * Appointment reminders on WhatsApp: GET/PUT /api/agents/{id}/reminders. Each entry of
 * `hoursBefore` is one reminder that many hours before the appointment (fractions allowed: 0.5 is
 * half an hour). Messages are keys of the `errors` catalogue.
 */
export const REMINDERS_MAX = 3;
/** The longest lead: a week. */
export const REMINDER_MAX_HOURS = 168;
export const DEFAULT_REMINDER_HOURS = [24, 2];

const hours = z
  .number('reminders.hoursInvalid')
  .gt(0, 'reminders.hoursInvalid')
  .max(REMINDER_MAX_HOURS, 'reminders.hoursInvalid');

export const reminderSettingsSchema = z.object({
  enabled: z.boolean('reminders.enabledInvalid'),
  hoursBefore: z
    .array(hours, 'reminders.hoursInvalid')
    .max(REMINDERS_MAX, 'reminders.tooMany')
    .refine((list) => new Set(list).size === list.length, 'reminders.duplicate'),
});
export type ReminderSettings = z.output<typeof reminderSettingsSchema>;
