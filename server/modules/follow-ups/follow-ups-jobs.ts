import { timedRows } from '../../jobs/timed-rows';
import { overdue } from './follow-ups.repo';
import { runFollowUp } from './follow-ups.service';

/**
 * The follow-ups' pg-boss queues, as the reminders' (ADR 0029, 0031): each follow-up's job is
 * only its timer, the row's conditional updates make the send happen once, and the minute's sweep
 * queues again what has no job (server/jobs/timed-rows.ts).
 */
export const FOLLOW_UP_QUEUE = 'follow-up';
export const FOLLOW_UP_SWEEP_QUEUE = 'follow-up-sweep';

const jobs = timedRows({
  queue: FOLLOW_UP_QUEUE,
  sweepQueue: FOLLOW_UP_SWEEP_QUEUE,
  keyPrefix: 'follow-up',
  idField: 'followUpId',
  // the agent's model writes it: up to a minute
  expireInSeconds: 150,
  localConcurrency: 2,
  label: 'follow-up',
  overdue,
  run: runFollowUp,
});

export const FOLLOW_UP_QUEUES = jobs.queues;
export const FOLLOW_UP_QUEUE_OPTIONS = jobs.queueOptions;
export const queueFollowUp = jobs.queueRow;
export const sweepFollowUps = jobs.sweep;
export const registerFollowUpJobs = jobs.register;
