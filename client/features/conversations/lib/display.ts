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

/**
 * Whether the bot answers this contact, as the inbox shows it: a person must answer (a handoff,
 * until the owner resumes it), it is quiet until a moment (a takeover pause), or it is active.
 */
export function botState(
  conversation: { handedOver: boolean; botPausedUntil: string | null },
  now = Date.now(),
): 'person' | 'paused' | 'active' {
  if (conversation.handedOver) return 'person';
  return isBotPaused(conversation.botPausedUntil, now) ? 'paused' : 'active';
}
