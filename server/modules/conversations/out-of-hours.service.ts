import type { OutOfHoursMode } from '@common/schemas/appointments';
import type { AppContext } from '../../app-context';
import { customerLanguage } from '../../lib/i18n';
import { businessHoursOf, isWithinBusinessHours, nextBusinessStart } from '../appointments';
import { noticeText } from './notice-text';
import { claimNotice } from './out-of-hours.repo';

/**
 * Where an agent stands with its business hours right now, for every channel: open
 * (always, for an agent that never saved hours), or closed with the owner's choice — keep
 * answering, or send a message and leave the customer's messages for a person — the next
 * opening (null: none within a year) and the notice's text, in the agent's language (English for
 * an English-speaking agent, else Portuguese).
 */
export type HoursNow =
  { open: true } | { open: false; mode: OutOfHoursMode; opening: Date | null; notice: string };

export async function hoursNow(
  ctx: AppContext,
  agent: { id: number; ownerId: number; language: string },
  now = new Date(),
): Promise<HoursNow> {
  const hours = await businessHoursOf(ctx, agent.ownerId, agent.id);
  if (isWithinBusinessHours(hours, now)) return { open: true };
  const opening = nextBusinessStart(hours, now);
  return {
    open: false,
    mode: hours.outOfHours,
    opening,
    notice: noticeText(hours, opening, now, customerLanguage(agent.language)),
  };
}

/**
 * The notice of this closed period for the conversation, the first time it is asked for (a
 * conversation event of kind 'out_of_hours' until the opening records it); null after that, and
 * when open. Once per contact and period: the event row is the state, so a restart or a second
 * process sends it no second time.
 */
export async function noticeOnce(
  ctx: AppContext,
  conversationId: number,
  hours: HoursNow,
): Promise<string | null> {
  if (hours.open) return null;
  const claimed = await claimNotice(ctx.database.db, conversationId, hours.opening);
  return claimed ? hours.notice : null;
}
