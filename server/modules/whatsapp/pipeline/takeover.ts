import type { WhatsappSettings } from '@common/schemas/whatsapp';
import type { AppDb } from '../../../db/client';
import { setBotPausedUntil } from './store/store-conversations';
import { recordEvent } from './store/store-instances';
import type { PipelineTarget } from './store/store-meta';

/** A pause typed by the owner lasts until a resume keyword (or the resume button). */
const KEYWORD_PAUSE_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * Who paused or resumed the bot: a keyword or a message the owner typed on the phone, or the
 * owner's button in the conversation list.
 */
export type TakeoverBy = 'keyword' | 'message' | 'owner';

export interface TakeoverSubject {
  conversationId: number;
  /** the contact, as the event names it */
  contact: string;
  /** where the event is logged; null for a conversation outside WhatsApp (no event) */
  eventTarget: Pick<PipelineTarget, 'instanceName' | 'agentId'> | null;
}

export type TakeoverChange =
  | { pause: true; by: TakeoverBy; settings: Pick<WhatsappSettings, 'takeoverMinutes'> }
  | { pause: false; by: 'keyword' | 'owner' };

/**
 * The one rule of human takeover. A pause keyword pauses the bot until it is resumed; a message
 * typed on the phone, or the owner's pause button, for the agent's takeoverMinutes. Resuming
 * lifts the pause. Either way the conversation's updatedAt moves and a 'takeover' or 'resume'
 * event is logged. Resolves to the end of the pause (null after a resume). Queueing the reply
 * to what waited is the caller's: a batch of deliveries queues its replies together.
 */
export async function takeover(
  db: AppDb,
  subject: TakeoverSubject,
  change: TakeoverChange,
): Promise<Date | null> {
  const { conversationId, contact, eventTarget } = subject;
  if (!change.pause) {
    await setBotPausedUntil(db, conversationId, null);
    if (eventTarget) await recordEvent(db, eventTarget, 'resume', { contact, by: change.by });
    return null;
  }
  const pauseMs =
    change.by === 'keyword' ? KEYWORD_PAUSE_MS : change.settings.takeoverMinutes * 60_000;
  const until = new Date(Date.now() + pauseMs);
  await setBotPausedUntil(db, conversationId, until);
  if (eventTarget) {
    await recordEvent(db, eventTarget, 'takeover', {
      contact,
      until: until.toISOString(),
      by: change.by,
    });
  }
  return until;
}
