/**
 * Figures as the owner reads them, in the interface language: reais (more decimals for the
 * fractions of a cent a month of a small agent costs), shares and response times.
 */
export function formatBrl(value: number, language: string): string {
  const small = value !== 0 && Math.abs(value) < 0.01;
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: 'BRL',
    minimumFractionDigits: 2,
    maximumFractionDigits: small ? 4 : 2,
  }).format(value);
}

export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(language).format(value);
}

/** part of whole as a percentage, e.g. 75 %; null when there is no whole. */
export function formatShare(part: number, whole: number, language: string): string | null {
  if (whole <= 0) return null;
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(
    part / whole,
  );
}

/** A response time in seconds (under a minute) or minutes; null when nothing was answered. */
export function formatDuration(ms: number | null, language: string): string | null {
  if (ms === null) return null;
  const seconds = ms / 1000;
  if (seconds < 60) {
    return new Intl.NumberFormat(language, {
      style: 'unit',
      unit: 'second',
      unitDisplay: 'short',
      maximumFractionDigits: seconds < 10 ? 1 : 0,
    }).format(seconds);
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: 'minute',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(seconds / 60);
}

/** A day YYYY-MM-DD as a short date (27/11). */
export function formatDay(day: string, language: string): string {
  return new Intl.DateTimeFormat(language, {
    day: '2-digit',
    month: '2-digit',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}
