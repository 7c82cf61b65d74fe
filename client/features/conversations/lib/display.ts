import { formatPhone } from '@/lib/display-format';

export { formatClock } from '@/lib/display-format';

/** The contact's phone from its id (digits, maybe with a JID suffix), grouped for reading. */
export function contactNumber(contactId: string): string {
  return formatPhone(contactId.split('@')[0] ?? contactId) || contactId;
}

/** The bot is quiet for this contact while the takeover pause lasts. */
export function isBotPaused(botPausedUntil: string | null, now = Date.now()): boolean {
  return botPausedUntil !== null && new Date(botPausedUntil).getTime() > now;
}
