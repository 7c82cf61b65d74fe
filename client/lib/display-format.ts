/** A moment as the owner reads it: time only today, date and time otherwise (São Paulo). */
export function formatClock(iso: string, language: string, now = new Date()): string {
  const date = new Date(iso);
  const zone = 'America/Sao_Paulo';
  const day = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(d);
  const sameDay = day(date) === day(now);
  return new Intl.DateTimeFormat(language, {
    timeZone: zone,
    ...(sameDay ? { timeStyle: 'short' } : { dateStyle: 'short', timeStyle: 'short' }),
  }).format(date);
}

/** A Brazilian phone grouped for reading (+55 11 98765-4321); other numbers as their digits. */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const match = /^(55)(\d{2})(\d{4,5})(\d{4})$/.exec(digits);
  return match ? `+${match[1]} ${match[2]} ${match[3]}-${match[4]}` : digits || phone;
}
