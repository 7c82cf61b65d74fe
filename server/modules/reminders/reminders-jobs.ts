import { timedRows } from '../../jobs/timed-rows';
import { overdue } from './reminders.repo';
import { runReminder } from './reminders.service';

/**
 * The reminders' pg-boss queues (ADR 0029): each reminder's job is only its timer, the row's
 * conditional updates make the send happen once, and the minute's sweep queues again what has no
 * job (server/jobs/timed-rows.ts).
 */
export const REMINDER_QUEUE = 'appointment-reminder';
export const REMINDER_SWEEP_QUEUE = 'appointment-reminder-sweep';

const jobs = timedRows({
  queue: REMINDER_QUEUE,
  sweepQueue: REMINDER_SWEEP_QUEUE,
  keyPrefix: 'reminder',
  idField: 'reminderId',
  expireInSeconds: 90,
  // a few at once: a send waits on the gateway
  localConcurrency: 4,
  label: 'appointment reminder',
  overdue,
  run: runReminder,
});

export const REMINDER_QUEUES = jobs.queues;
export const REMINDER_QUEUE_OPTIONS = jobs.queueOptions;
export const queueReminder = jobs.queueRow;
export const sweepReminders = jobs.sweep;
export const registerReminderJobs = jobs.register;
