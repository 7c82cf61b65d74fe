import { DateTime } from 'luxon';
import type { OutOfHoursMode } from '@common/schemas/appointments';
import { translate, type Language } from '../../lib/i18n';

/**
 * When a person answers again, as the customer reads it in the agent's time zone: "hoje, 08:00",
 * "amanhã, 08:00", "segunda-feira, 08:00" within the week, with the date beyond it (a long
 * holiday), so a weekday name never points at the wrong week.
 */
export function openingText(opening: Date, zone: string, now: Date, lang: Language): string {
  const locale = lang === 'en' ? 'en-US' : 'pt-BR';
  const at = DateTime.fromJSDate(opening, { zone }).setLocale(locale);
  const days = at
    .startOf('day')
    .diff(DateTime.fromJSDate(now, { zone }).startOf('day'), 'days').days;
  const time = at.toLocaleString(DateTime.TIME_SIMPLE);
  if (days < 1) return translate('outOfHours.when.today', lang, { time });
  if (days < 2) return translate('outOfHours.when.tomorrow', lang, { time });
  const weekday = at.toFormat('cccc');
  if (days < 7) return translate('outOfHours.when.weekday', lang, { weekday, time });
  const date = at.toLocaleString({ day: '2-digit', month: '2-digit' });
  return translate('outOfHours.when.date', lang, { weekday, date, time });
}

/**
 * The notice of a closed period: in 'message' mode the owner's message (the catalogue's when they
 * left it blank), in 'answer' mode the catalogue's "a person replies from …". `opening` null: no
 * opening within a year, the texts without a time.
 */
export function noticeText(
  hours: { timezone: string; outOfHours: OutOfHoursMode; outOfHoursMessage: string },
  opening: Date | null,
  now: Date,
  lang: Language,
): string {
  if (hours.outOfHours === 'message' && hours.outOfHoursMessage.trim()) {
    return hours.outOfHoursMessage.trim();
  }
  const key = hours.outOfHours === 'message' ? 'outOfHours.message' : 'outOfHours.answer';
  if (!opening) return translate(`${key}Later`, lang);
  return translate(key, lang, { when: openingText(opening, hours.timezone, now, lang) });
}
