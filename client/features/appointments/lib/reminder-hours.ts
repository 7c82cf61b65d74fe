import type { TFunction } from 'i18next';
import { REMINDERS_MAX } from '@common/schemas/reminders';
import { formatHours, hourChoices, toggleHour } from '@/lib/hour-choices';

/** The reminders card's usual leads, offered as choices (see lib/hour-choices). */
export const REMINDER_CHOICES = [48, 24, 12, 4, 2, 1, 0.5] as const;

/** The choices to show: the usual ones and any saved lead, longest first. */
export function reminderChoices(saved: readonly number[]): number[] {
  return hourChoices(REMINDER_CHOICES, saved, 'descending');
}

/** Checks or unchecks `hours`, keeping the list longest first and at most REMINDERS_MAX long. */
export function toggleReminder(list: readonly number[], hours: number, on: boolean): number[] {
  return toggleHour(list, hours, on, { max: REMINDERS_MAX, order: 'descending' });
}

/** "1 dia antes", "2 horas antes", "1,5 hora antes", "30 minutos antes". */
export function reminderLabel(
  hours: number,
  t: TFunction<'appointments'>,
  language: string,
): string {
  if (hours >= 24 && hours % 24 === 0) return t('reminders.lead.days', { count: hours / 24 });
  if (hours >= 1) {
    return t('reminders.lead.hours', { count: hours, value: formatHours(hours, language) });
  }
  return t('reminders.lead.minutes', { count: Math.round(hours * 60) });
}
