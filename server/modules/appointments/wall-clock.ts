import { DateTime } from 'luxon';

/**
 * Wall-clock times of a time zone ↔ instants, with luxon (IANA data of the runtime). A time that
 * does not exist on a day (the hour skipped when clocks go forward) is moved forward by the gap;
 * a time that happens twice (clocks go back) is its first occurrence.
 */

/** The instant of `HH:MM` (00:00–24:00) on `day` (YYYY-MM-DD) in `zone`. */
export function instantOf(zone: string, day: string, hhmm: string): Date {
  if (hhmm === '24:00') return startOfDay(zone, nextDay(day));
  const local = DateTime.fromISO(`${day}T${hhmm}`, { zone });
  return local.toJSDate();
}

/** The first instant of `day` in `zone`. */
export function startOfDay(zone: string, day: string): Date {
  return DateTime.fromISO(day, { zone }).startOf('day').toJSDate();
}

/** The day after `day` (calendar arithmetic, no zone involved). */
export function nextDay(day: string): string {
  return DateTime.fromISO(day, { zone: 'UTC' }).plus({ days: 1 }).toISODate()!;
}

/** `days` calendar days after `day` (no zone involved). */
export function addDays(day: string, days: number): string {
  return DateTime.fromISO(day, { zone: 'UTC' }).plus({ days }).toISODate()!;
}

/** 0 = Sunday … 6 = Saturday, of a calendar day. */
export function weekdayOf(day: string): number {
  return DateTime.fromISO(day, { zone: 'UTC' }).weekday % 7;
}

/** The days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = nextDay(day)) days.push(day);
  return days;
}

/** Where `instant` falls on the clocks of `zone`: its day, weekday and minutes since midnight. */
export function wallClock(zone: string, instant: Date) {
  const local = DateTime.fromJSDate(instant, { zone });
  return {
    day: local.toISODate()!,
    weekday: local.weekday % 7,
    minutes: local.hour * 60 + local.minute + local.second / 60 + local.millisecond / 60_000,
  };
}

/** `instant` as ISO 8601 with the offset `zone` has at that instant (`…T09:00:00.000-03:00`). */
export function isoInZone(zone: string, instant: Date): string {
  return DateTime.fromJSDate(instant, { zone }).toISO({ suppressMilliseconds: true })!;
}

/** Today in `zone`. */
export function today(zone: string, now: Date): string {
  return DateTime.fromJSDate(now, { zone }).toISODate()!;
}
