/**
 * Days and times of the agenda, in a time zone (the owner's or the agent's), with Intl only.
 * Days are `YYYY-MM-DD` strings; arithmetic on them is done at UTC noon-free midnight, where no
 * daylight-saving change can shift a date.
 */

export type AgendaView = 'day' | 'week';

/** The day of an instant in the time zone, YYYY-MM-DD. */
export function dayIn(instant: Date | string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(instant));
}

/** The time of day of an instant in the time zone, HH:MM (24 h). */
export function timeIn(instant: Date | string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(instant));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('hour')}:${part('minute')}`;
}

/** The day `n` days after `day` (before, when negative). */
export function addDays(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

/** The weekday of a day, 0 = Sunday (the API's numbering). */
export function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/** The seven days of the week holding `day`, Sunday first (as Brazilian calendars print it). */
export function weekOf(day: string): string[] {
  const sunday = addDays(day, -weekdayOf(day));
  return Array.from({ length: 7 }, (_, i) => addDays(sunday, i));
}

/** The days a view shows around its anchor day. */
export function daysOfView(view: AgendaView, anchor: string): string[] {
  return view === 'day' ? [anchor] : weekOf(anchor);
}

/** The anchor one step back or forward: a day in the day view, a week in the week view. */
export function shiftAnchor(view: AgendaView, anchor: string, direction: -1 | 1): string {
  return addDays(anchor, direction * (view === 'day' ? 1 : 7));
}

/** Items grouped by their day in the time zone, each day in time order; every day present. */
export function groupByDay<T extends { startsAt: string }>(
  items: readonly T[],
  days: readonly string[],
  timeZone: string,
): Map<string, T[]> {
  const groups = new Map<string, T[]>(days.map((day) => [day, []]));
  for (const item of items) groups.get(dayIn(item.startsAt, timeZone))?.push(item);
  for (const list of groups.values()) {
    list.sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  }
  return groups;
}

/** "sexta-feira, 5 de dezembro" / "Friday, December 5": a day in words, in the language. */
export function dayInWords(day: string, language: string): string {
  return new Intl.DateTimeFormat(language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
}

/** "sex., 5 de dez." / "Fri, Dec 5": a day in short words, for column heads and day buttons. */
export function dayShort(day: string, language: string): string {
  return new Intl.DateTimeFormat(language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
}

/** The weekday names, 0 = Sunday, in the language. */
export function weekdayNames(language: string): string[] {
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, i) =>
    new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2023, 0, 1 + i, 12)),
    ),
  );
}
