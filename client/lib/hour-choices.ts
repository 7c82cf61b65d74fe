/**
 * Settings that are a few hours picked from usual choices (the reminders' leads, the follow-ups'
 * delays) are offered as checkboxes instead of a typed list: in Portuguese a comma is the decimal
 * mark, so "1,5" could mean one value or two. A value saved through the API that is not among the
 * usual ones (half an hour and a quarter, say) is offered too, checked.
 */
export type HourOrder = 'ascending' | 'descending';

const byOrder = (order: HourOrder) =>
  order === 'ascending' ? (a: number, b: number) => a - b : (a: number, b: number) => b - a;

/** The choices to show: the usual ones and any saved value, in `order`. */
export function hourChoices(
  usual: readonly number[],
  saved: readonly number[],
  order: HourOrder,
): number[] {
  return [...new Set([...usual, ...saved])].sort(byOrder(order));
}

/** Checks or unchecks `hours`, keeping the list in `order` and at most `max` long. */
export function toggleHour(
  list: readonly number[],
  hours: number,
  on: boolean,
  { max, order }: { max: number; order: HourOrder },
): number[] {
  if (!on) return list.filter((h) => h !== hours);
  if (list.includes(hours) || list.length >= max) return [...list];
  return [...list, hours].sort(byOrder(order));
}

/** A number of hours as the language writes it: "1,5" in Portuguese, "1.5" in English. */
export function formatHours(hours: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(hours);
}
