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

/** The contact's phone from its id (digits, maybe with a JID suffix), grouped for reading. */
export function contactNumber(contactId: string): string {
  const digits = contactId.split('@')[0]?.replace(/\D/g, '') ?? '';
  const match = /^(55)(\d{2})(\d{4,5})(\d{4})$/.exec(digits);
  return match ? `+${match[1]} ${match[2]} ${match[3]}-${match[4]}` : digits || contactId;
}

/** The bot is quiet for this contact while the takeover pause lasts. */
export function isBotPaused(botPausedUntil: string | null, now = Date.now()): boolean {
  return botPausedUntil !== null && new Date(botPausedUntil).getTime() > now;
}
