import { nextBusinessStart, type Hours } from '../appointments';

/**
 * When an appointment's reminders go, pure. Each goes `hours` before the start; one due outside
 * the business hours goes at the next opening. A reminder is only worth sending before the next
 * one (the one with fewer hours) is due — the last one, before the appointment: one that would go
 * later is skipped ('closed'). One whose time had passed when it was scheduled (booked or moved
 * within its lead) is skipped ('inside-lead'): the customer has just chosen that time.
 */
const HOUR_MS = 3_600_000;

export type PlannedReminder =
  | { hoursBefore: number; dueAt: Date; skipped: null }
  | { hoursBefore: number; dueAt: Date; skipped: 'closed' | 'inside-lead' };

export function planReminders(
  startsAt: Date,
  hoursBefore: readonly number[],
  hours: Hours,
  now: number,
): PlannedReminder[] {
  // from the last (fewest hours) to the first: each one's limit is the next one's due time
  const ordered = [...new Set(hoursBefore)].sort((a, b) => a - b);
  let limit = startsAt.getTime();
  const planned: PlannedReminder[] = [];
  for (const h of ordered) {
    const nominal = new Date(startsAt.getTime() - Math.round(h * HOUR_MS));
    if (nominal.getTime() <= now) {
      planned.push({ hoursBefore: h, dueAt: nominal, skipped: 'inside-lead' });
      continue;
    }
    const due = nextBusinessStart(hours, nominal);
    if (!due || due.getTime() >= limit) {
      planned.push({ hoursBefore: h, dueAt: nominal, skipped: 'closed' });
      continue;
    }
    planned.push({ hoursBefore: h, dueAt: due, skipped: null });
    limit = due.getTime();
  }
  return planned.reverse();
}

/**
 * Whether a reminder due at `dueAt` still goes when its job runs at `now` (late after a restart,
 * or the hours changed): 'send'; a later time when the business is closed now ('defer'); or why
 * not ('late': the appointment has started or the next reminder's time has come).
 */
export function atSendTime(
  input: { now: number; startsAt: Date; limit: number },
  hours: Hours,
): { action: 'send' } | { action: 'defer'; at: Date } | { action: 'skip'; reason: string } {
  const { now, startsAt, limit } = input;
  if (now >= startsAt.getTime()) return { action: 'skip', reason: 'late' };
  if (now >= limit) return { action: 'skip', reason: 'superseded' };
  const open = nextBusinessStart(hours, new Date(now));
  if (!open) return { action: 'skip', reason: 'closed' };
  if (open.getTime() <= now) return { action: 'send' };
  if (open.getTime() >= limit) return { action: 'skip', reason: 'closed' };
  return { action: 'defer', at: open };
}
