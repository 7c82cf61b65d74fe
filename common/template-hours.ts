import { minutesOfDay } from './schemas/appointments';

/**
 * The week's hours a template's form asks: Monday to Friday, Saturday and Sunday, each
 * open from–to or closed. One answer feeds the knowledge text (the template's hours lines, in
 * words) and the agent's schedule (its availability, which the business hours follow).
 */
export const WEEK_PARTS = ['weekdays', 'saturday', 'sunday'] as const;
export type WeekPart = (typeof WEEK_PARTS)[number];

/** The weekdays (0 = Sunday) of each part. */
export const WEEK_PART_DAYS: Record<WeekPart, readonly number[]> = {
  weekdays: [1, 2, 3, 4, 5],
  saturday: [6],
  sunday: [0],
};

/** One part's answer: closed, or open from `open` to `close` (`HH:MM`; a close of 00:00 is midnight). */
export type PartHours = { closed: true } | { closed: false; open: string; close: string };
/** The form's answers; a part left out was not answered. */
export type TemplateWeek = Partial<Record<WeekPart, PartHours>>;

type Language = 'pt-BR' | 'en';

/**
 * Where a template's knowledge tells each part's hours: the line's start as written
 * (`- Segunda a sexta:`), per language. A part it has no line for gets one after the others.
 */
export type TemplateHoursLines = Record<Language, Partial<Record<WeekPart, string>>>;

const GENERIC_LABELS: Record<Language, Record<WeekPart, string>> = {
  'pt-BR': { weekdays: '- Segunda a sexta:', saturday: '- Sábado:', sunday: '- Domingo:' },
  en: { weekdays: '- Monday to Friday:', saturday: '- Saturday:', sunday: '- Sunday:' },
};

const closeMinutes = (hhmm: string) => (hhmm === '00:00' ? 24 * 60 : minutesOfDay(hhmm));

/** Whether an open part closes after it opens (the form's check). */
export function partHoursValid(part: PartHours): boolean {
  if (part.closed) return true;
  if (!/^\d{2}:\d{2}$/.test(part.open) || !/^\d{2}:\d{2}$/.test(part.close)) return false;
  return minutesOfDay(part.open) < closeMinutes(part.close);
}

function clock(hhmm: string, language: Language, closing: boolean): string {
  const total = closing ? closeMinutes(hhmm) : minutesOfDay(hhmm);
  const h = Math.floor(total / 60);
  const m = total % 60;
  if (language === 'pt-BR') return m === 0 ? `${h}h` : `${h}h${String(m).padStart(2, '0')}`;
  const h12 = h % 12 === 0 ? 12 : h % 12;
  const suffix = h % 24 < 12 ? 'am' : 'pm';
  return m === 0 ? `${h12}${suffix}` : `${h12}:${String(m).padStart(2, '0')}${suffix}`;
}

/** A part's hours in words: "das 6h às 20h", "fechado"; "6am to 8pm", "closed". */
export function partHoursText(part: PartHours, language: Language): string {
  if (part.closed) return language === 'pt-BR' ? 'fechado' : 'closed';
  const open = clock(part.open, language, false);
  const close = clock(part.close, language, true);
  return language === 'pt-BR' ? `das ${open} às ${close}` : `${open} to ${close}`;
}

/**
 * The knowledge with the week's answers in the template's hours lines (their placeholders
 * replaced); an answered part the template has no line for is added after the last hours line.
 */
export function fillHoursLines(
  text: string,
  lines: TemplateHoursLines,
  week: TemplateWeek,
  language: Language,
): string {
  const labels = lines[language];
  const out = text.split('\n');
  let last = -1;
  for (const part of WEEK_PARTS) {
    const label = labels[part];
    const index = label ? out.findIndex((line) => line.startsWith(label)) : -1;
    if (index >= 0) last = Math.max(last, index);
    const answer = week[part];
    if (!answer || !partHoursValid(answer)) continue;
    if (index >= 0) {
      out[index] = `${label} ${partHoursText(answer, language)}`;
    } else if (last >= 0) {
      out.splice(
        last + 1,
        0,
        `${GENERIC_LABELS[language][part]} ${partHoursText(answer, language)}`,
      );
      last += 1;
    }
  }
  return out.join('\n');
}

/** The weekly windows the answers open (a closed or unanswered part: none). */
export function weekWindows(week: TemplateWeek): { weekday: number; start: string; end: string }[] {
  return WEEK_PARTS.flatMap((part) => {
    const answer = week[part];
    if (!answer || answer.closed || !partHoursValid(answer)) return [];
    const end = answer.close === '00:00' ? '24:00' : answer.close;
    return WEEK_PART_DAYS[part].map((weekday) => ({ weekday, start: answer.open, end }));
  }).sort((a, b) => a.weekday - b.weekday);
}
