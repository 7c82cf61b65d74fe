import type { TFunction } from 'i18next';
import { FOLLOW_UPS_MAX } from '@common/schemas/follow-ups';
import { formatHours, hourChoices, toggleHour } from '@/lib/hour-choices';

/**
 * The follow-ups card's usual delays, offered as choices (see lib/hour-choices): from half an hour
 * to 22 hours, all inside WhatsApp's 24-hour window.
 */
export const FOLLOW_UP_CHOICES = [0.5, 1, 3, 6, 12, 22] as const;

/** The choices to show: the usual ones and any saved delay, shortest first. */
export function followUpChoices(saved: readonly number[]): number[] {
  return hourChoices(FOLLOW_UP_CHOICES, saved, 'ascending');
}

/** Checks or unchecks `hours`, keeping the list shortest first and at most FOLLOW_UPS_MAX long. */
export function toggleFollowUp(list: readonly number[], hours: number, on: boolean): number[] {
  return toggleHour(list, hours, on, { max: FOLLOW_UPS_MAX, order: 'ascending' });
}

/** "depois de 30 minutos", "depois de 1 hora", "depois de 1,5 hora", "depois de 22 horas". */
export function followUpLabel(hours: number, t: TFunction<'whatsapp'>, language: string): string {
  if (hours >= 1) {
    return t('followUps.delay.hours', { count: hours, value: formatHours(hours, language) });
  }
  return t('followUps.delay.minutes', { count: Math.round(hours * 60) });
}
