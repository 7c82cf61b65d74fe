import type { WhatsappSettings } from '@common/schemas/whatsapp';
import type { AppContext } from '../../../app-context';
import type { AppDb } from '../../../db/client';
import { notifyOwnerQuietly } from '../../notifications';
import {
  recordConversationEvent,
  resumeBot,
  setBotPausedUntil,
  setHandedOver,
  setHandedOverIfNot,
} from './store/store-conversations';
import { recordEvent } from './store/store-instances';
import type { ConversationRow, PipelineTarget } from './store/store-meta';

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
 * lifts the pause and a handoff (`handOver`). Either way the conversation's updatedAt moves, a
 * conversation event is appended (the reports') and on WhatsApp a 'takeover' or 'resume' event is
 * logged. Resolves to the end of the pause (null after a resume). Queueing the reply
 * to what waited is the caller's: a batch of deliveries queues its replies together.
 */
export async function takeover(
  db: AppDb,
  subject: TakeoverSubject,
  change: TakeoverChange,
): Promise<Date | null> {
  const { conversationId, contact, eventTarget } = subject;
  if (!change.pause) {
    await resumeBot(db, conversationId);
    await recordConversationEvent(db, conversationId, { kind: 'resume', by: change.by });
    if (eventTarget) await recordEvent(db, eventTarget, 'resume', { contact, by: change.by });
    return null;
  }
  const pauseMs =
    change.by === 'keyword' ? KEYWORD_PAUSE_MS : change.settings.takeoverMinutes * 60_000;
  const until = new Date(Date.now() + pauseMs);
  await setBotPausedUntil(db, conversationId, until);
  await recordConversationEvent(db, conversationId, { kind: 'pause', by: change.by, until });
  if (eventTarget) {
    await recordEvent(db, eventTarget, 'takeover', {
      contact,
      until: until.toISOString(),
      by: change.by,
    });
  }
  return until;
}

/**
 * A person must answer: the bot is quiet for the contact on every channel until a resume (the
 * owner's button or a resume keyword). The first handoff's time is kept; on WhatsApp a 'takeover'
 * event is logged. Queueing nothing: what the contact sends meanwhile is transcript only.
 */
export async function handOver(db: AppDb, subject: TakeoverSubject): Promise<void> {
  await setHandedOver(db, subject.conversationId);
  await recordConversationEvent(db, subject.conversationId, { kind: 'handoff', by: 'owner' });
  if (subject.eventTarget) {
    await recordEvent(db, subject.eventTarget, 'takeover', {
      contact: subject.contact,
      by: 'handoff',
    });
  }
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
  if (subject.eventTarget) {
    await recordEvent(db, subject.eventTarget, 'takeover', {
      contact: subject.contact,
      by: 'agent',
    });
  }
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
