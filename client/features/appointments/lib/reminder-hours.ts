/**
 * The reminders card's field: "24, 2" → [24, 2] (commas, semicolons or spaces between; a decimal
 * point for fractions). What is not a number stays NaN, for the shared schema to name.
 */
export function parseReminderHours(text: string): number[] {
  return text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((part) => Number(part));
}

export function formatReminderHours(hours: readonly number[]): string {
  return hours.join(', ');
}
