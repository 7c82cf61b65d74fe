import { minutesOfDay, type BusinessHours } from '@common/schemas/appointments';
import { daysBetween, instantOf, nextDay, wallClock, weekdayOf } from './wall-clock';

/**
 * An agent's business hours, pure. An empty week means no hours were set: always open, except on
 * its holidays (an agent that never saved any has no holidays either). Windows are wall-clock
 * times of the hours' zone, so they follow its clock changes.
 */
export type Hours = Pick<BusinessHours, 'timezone' | 'weekly' | 'holidays'>;

/** Whether `instant` is inside the business hours. */
export function isWithinBusinessHours(hours: Hours, instant: Date): boolean {
  const { day, weekday, minutes } = wallClock(hours.timezone, instant);
  if (hours.holidays.includes(day)) return false;
  if (hours.weekly.length === 0) return true;
  return hours.weekly.some(
    (w) =>
      w.weekday === weekday && minutesOfDay(w.start) <= minutes && minutes < minutesOfDay(w.end),
  );
}

/** How far ahead the next opening is looked for (a year and a week). */
const HORIZON_DAYS = 373;

/**
 * When the business is next open at or after `instant`: `instant` itself when open, else the start
 * of the next window on a day that is not a holiday; null when none opens within a year.
 */
export function nextBusinessStart(hours: Hours, instant: Date): Date | null {
  if (isWithinBusinessHours(hours, instant)) return instant;
  const holidays = new Set(hours.holidays);
  const first = wallClock(hours.timezone, instant).day;
  let last = first;
  for (let i = 0; i < HORIZON_DAYS; i++) last = nextDay(last);
  for (const day of daysBetween(first, last)) {
    if (holidays.has(day)) continue;
    // always open apart from holidays: the day's first instant
    if (hours.weekly.length === 0) {
      const start = instantOf(hours.timezone, day, '00:00');
      if (start > instant) return start;
      continue;
    }
    const weekday = weekdayOf(day);
    const starts = hours.weekly
      .filter((w) => w.weekday === weekday)
      .map((w) => instantOf(hours.timezone, day, w.start))
      .filter((start) => start > instant)
      .sort((a, b) => a.getTime() - b.getTime());
    if (starts[0]) return starts[0];
  }
  return null;
}
