import type { TFunction } from 'i18next';
import { REMINDERS_MAX } from '@common/schemas/reminders';

/**
 * The reminders card offers the usual leads as choices instead of a typed list: in Portuguese a
 * comma is the decimal mark, so "1,5" could mean one reminder or two. A lead saved through the API
 * that is not among them (half an hour and a quarter, say) is offered too, checked.
 */
export const REMINDER_CHOICES = [48, 24, 12, 4, 2, 1, 0.5] as const;

/** The choices to show: the usual ones and any saved lead, longest first. */
export function reminderChoices(saved: readonly number[]): number[] {
  return [...new Set([...REMINDER_CHOICES, ...saved])].sort((a, b) => b - a);
}

/** Checks or unchecks `hours`, keeping the list longest first and at most REMINDERS_MAX long. */
export function toggleReminder(list: readonly number[], hours: number, on: boolean): number[] {
  if (!on) return list.filter((h) => h !== hours);
  if (list.includes(hours) || list.length >= REMINDERS_MAX) return [...list];
  return [...list, hours].sort((a, b) => b - a);
}

/** "1 dia antes", "2 horas antes", "1,5 hora antes", "30 minutos antes". */
export function reminderLabel(
  hours: number,
  t: TFunction<'appointments'>,
  language: string,
): string {
  if (hours >= 24 && hours % 24 === 0) return t('reminders.lead.days', { count: hours / 24 });
  if (hours >= 1) {
    const value = new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(hours);
    return t('reminders.lead.hours', { count: hours, value });
  }
  return t('reminders.lead.minutes', { count: Math.round(hours * 60) });
}
