import type { TFunction } from 'i18next';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** 'Agora mesmo' under a minute, minutes under an hour, hours under a day, else a date. */
export function formatLastActivity(
  iso: string,
  t: TFunction<'whatsapp'>,
  language: string,
  now = Date.now(),
): string {
  const elapsed = Math.max(0, now - new Date(iso).getTime());
  if (elapsed < MINUTE) return t('time.justNow');
  if (elapsed < HOUR) return t('time.minutesAgo', { count: Math.floor(elapsed / MINUTE) });
  if (elapsed < DAY) return t('time.hoursAgo', { count: Math.floor(elapsed / HOUR) });
  return formatDateTime(iso, language);
}

/** Dates and times in the reader's language format, always shown in São Paulo time. */
export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'America/Sao_Paulo',
  }).format(new Date(iso));
}

export function formatTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, {
    timeStyle: 'medium',
    timeZone: 'America/Sao_Paulo',
  }).format(new Date(iso));
}

/** 1,2 s / 850 ms — how long the agent took to answer. */
export function formatDuration(ms: number, language: string): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 120) {
    return `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(seconds)} s`;
  }
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(seconds / 60)} min`;
}

/** "3 h 12 min" since a moment: how long the connection has been up. */
export function formatUptime(sinceIso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(sinceIso).getTime()) / MINUTE));
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  const rest = minutes % 60;
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${rest} min`;
  return `${rest} min`;
}

/**
 * Phone digits grouped for reading: 55 11 91234-5678. A number typed without the country code
 * (10–11 digits starting with a DDD) is Brazilian and reads the same way as the number WhatsApp
 * connects for it, so the two lines of the status card agree.
 */
export function formatPhone(digits: string | null | undefined): string {
  if (!digits) return '';
  const typed = digits.replace(/\D/g, '');
  const d = /^[1-9][1-9]\d{8,9}$/.test(typed) ? `55${typed}` : typed;
  const match = /^(55)(\d{2})(\d{4,5})(\d{4})$/.exec(d);
  if (!match) return d;
  return `+${match[1]} ${match[2]} ${match[3]}-${match[4]}`;
}
