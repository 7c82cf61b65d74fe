import { daysInRange } from '@common/day-range';

/** A period of the owner's days, YYYY-MM-DD, both counted. */
export interface DayRange {
  from: string;
  to: string;
}

/** Today in the time zone, YYYY-MM-DD. */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
}

/** The day `n` days after `day` (before, when negative). */
export function addDays(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

/** The last `days` days, today included, in the time zone. */
export function lastDays(days: number, timeZone: string, now = new Date()): DayRange {
  const to = todayIn(timeZone, now);
  return { from: addDays(to, -(days - 1)), to };
}

/** Every day of the range, in order. */
export function eachDay(range: DayRange): string[] {
  const count = Math.max(0, daysInRange(range.from, range.to));
  return Array.from({ length: count }, (_, i) => addDays(range.from, i));
}
