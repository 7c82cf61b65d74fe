import type { AppContext } from '../../app-context';
import type { AppDb } from '../../db/client';
import { notifyOwnerQuietly } from '../notifications';
import type { ConversationRow } from './conversations.repo';
import { recordConversationEvent } from './conversation-events.repo';
import { resumeBot, setBotPausedUntil, setHandedOver, setHandedOverIfNot } from './takeover.repo';

/** A pause typed by the owner lasts until a resume keyword (or the resume button). */
const KEYWORD_PAUSE_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * Who paused or resumed the bot: a keyword or a message the owner typed on the phone, or the
 * owner's button in the conversation list.
 */
export type TakeoverBy = 'keyword' | 'message' | 'owner';

/**
 * Whether the bot stays quiet for the contact, on every channel: a person must answer (a handoff,
 * until the owner resumes), or a takeover pause lasts. A customer's message is then part of the
 * transcript, not a turn.
 */
export function botQuiet(
  row: Pick<ConversationRow, 'handedOverAt' | 'botPausedUntil'>,
  now = Date.now(),
): boolean {
  return (
    row.handedOverAt !== null || (row.botPausedUntil !== null && row.botPausedUntil.getTime() > now)
  );
}

/**
 * A channel's own log of who answers (WhatsApp's instance events: 'takeover', 'resume'), written
 * in the same transaction as the change; a channel without one passes null.
 */
export type ChannelLog = (
  db: AppDb,
  type: 'takeover' | 'resume',
  detail: Record<string, unknown>,
) => Promise<void>;

export interface TakeoverSubject {
  conversationId: number;
  /** the contact, as the channel's log names it */
  contact: string;
  /** where the channel logs the change; null for a channel that keeps no log */
  log: ChannelLog | null;
}

export type TakeoverChange =
  | { pause: true; by: TakeoverBy; settings: { takeoverMinutes: number } }
  | { pause: false; by: 'keyword' | 'owner' };

/**
 * The one rule of human takeover. A pause keyword pauses the bot until it is resumed; a message
 * typed on the phone, or the owner's pause button, for the agent's takeoverMinutes. Resuming
 * lifts the pause and a handoff (`handOver`). Either way the conversation's updatedAt moves, a
 * conversation event is appended (the reports') and the channel logs a 'takeover' or 'resume'
 * (WhatsApp's instance events). Resolves to the end of the pause (null after a resume). Queueing the reply
 * to what waited is the caller's: a batch of deliveries queues its replies together.
 */
export async function takeover(
  db: AppDb,
  subject: TakeoverSubject,
  change: TakeoverChange,
): Promise<Date | null> {
  const { conversationId, contact, log } = subject;
  if (!change.pause) {
    await resumeBot(db, conversationId);
    await recordConversationEvent(db, conversationId, { kind: 'resume', by: change.by });
    if (log) await log(db, 'resume', { contact, by: change.by });
    return null;
  }
  const pauseMs =
    change.by === 'keyword' ? KEYWORD_PAUSE_MS : change.settings.takeoverMinutes * 60_000;
  const until = new Date(Date.now() + pauseMs);
  await setBotPausedUntil(db, conversationId, until);
  await recordConversationEvent(db, conversationId, { kind: 'pause', by: change.by, until });
  if (log) await log(db, 'takeover', { contact, until: until.toISOString(), by: change.by });
  return until;
}

/**
 * A person must answer: the bot is quiet for the contact on every channel until a resume (the
 * owner's button or a resume keyword). The first handoff's time is kept; the channel logs a
 * 'takeover'. Queueing nothing: what the contact sends meanwhile is transcript only.
 */
export async function handOver(db: AppDb, subject: TakeoverSubject): Promise<void> {
  await setHandedOver(db, subject.conversationId);
  await recordConversationEvent(db, subject.conversationId, { kind: 'handoff', by: 'owner' });
  if (subject.log) await subject.log(db, 'takeover', { contact: subject.contact, by: 'handoff' });
}

/**
 * The agent hands over by itself (its handoff tool, or a customer's request for a person that
 * the offline model recognised), on WhatsApp or the widget: the conversation becomes "Precisa de
 * atendimento" (handOver: quiet until a resume) and, the first time only, the owner is notified
 * (the bell, live, and their own WhatsApp if they turned it on). The customer's handoff message
 * is the turn's reply: the caller sends it. Resolves to whether it was newly handed over.
 */
export async function agentHandOver(
  ctx: AppContext,
  subject: TakeoverSubject & { ownerId: number; agentId: number; contactName: string | null },
  log?: { warn: (obj: object, msg: string) => void },
): Promise<boolean> {
  const db = ctx.database.db;
  const newly = await setHandedOverIfNot(db, subject.conversationId);
  if (!newly) return false;
  await recordConversationEvent(db, subject.conversationId, { kind: 'handoff', by: 'agent' });
  if (subject.log) await subject.log(db, 'takeover', { contact: subject.contact, by: 'agent' });
  await notifyOwnerQuietly(
    ctx,
    subject.ownerId,
    {
      kind: 'needs-person',
      conversationId: subject.conversationId,
      agentId: subject.agentId,
      subject: subject.contactName,
    },
    log,
  );
  return true;
}
