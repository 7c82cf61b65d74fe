import { DEFAULT_FOLLOW_UPS, type FollowUpSettings } from '@common/schemas/follow-ups';
import type { AppContext } from '../../app-context';
import { customerLanguage, translate } from '../../lib/i18n';
import { getAgent } from '../agents';
import { businessHoursOf } from '../appointments';
import { publishConversationEvents } from '../events';
import { resolveProvider } from '../providers';
import { writeFollowUp, type ChatTurn } from '../runtime';
import { botQuiet } from '../conversations';
import {
  resumeContactMessage,
  sendContactMessage,
  abandonContactMessage,
  storeConversationMessage,
} from '../whatsapp';
import {
  followUpDueAt,
  followUpSendTime,
  openReason,
  WHATSAPP_WINDOW_MS,
  type OpenReason,
} from './follow-up-plan';
import * as repo from './follow-ups.repo';

/**
 * Follow-ups on WhatsApp (ADR 0031): when the agent's turn leaves something open and the
 * customer goes quiet, the agent writes again after each of the owner's delays, at most that many
 * times; each is sent once, inside the business hours and WhatsApp's 24-hour window, and not after
 * a reply, a 'parar', a person stepping in or an ended conversation.
 */

export type FollowUpQueue = (ctx: AppContext, followUpId: number, at: Date) => Promise<void>;

/** How many of the conversation's newest messages a follow-up reads. */
const MEMORY_MESSAGES = 24;

export async function getFollowUpSettings(
  ctx: AppContext,
  ownerId: number,
  agentId: number,
): Promise<FollowUpSettings> {
  await getAgent(ctx.database.db, ownerId, agentId);
  return settingsOf(ctx, agentId);
}

async function settingsOf(ctx: AppContext, agentId: number): Promise<FollowUpSettings> {
  const row = await repo.findSettings(ctx.database.db, agentId);
  return row
    ? { enabled: row.enabled, delaysHours: row.delaysHours }
    : { enabled: DEFAULT_FOLLOW_UPS.enabled, delaysHours: [...DEFAULT_FOLLOW_UPS.delaysHours] };
}

/** Saves the settings; follow-ups already scheduled read them again when they are due. */
export async function saveFollowUpSettings(
  ctx: AppContext,
  ownerId: number,
  agentId: number,
  input: FollowUpSettings,
): Promise<FollowUpSettings> {
  await getAgent(ctx.database.db, ownerId, agentId);
  const delaysHours = [...input.delaysHours].sort((a, b) => a - b);
  await repo.saveSettings(ctx.database.db, {
    agentId,
    ownerId,
    enabled: input.enabled,
    delaysHours,
  });
  return { enabled: input.enabled, delaysHours };
}

/** The agent's turn as a follow-up reads it: its texts since the customer last wrote. */
function lastTurn(recent: Awaited<ReturnType<typeof repo.recentMessages>>) {
  const newest = recent[0];
  if (!newest || newest.role !== 'assistant' || newest.status !== 'done') return null;
  const agentTexts: string[] = [];
  for (const m of recent) {
    if (m.role !== 'assistant') break;
    agentTexts.unshift(m.content);
  }
  const customer = recent.find((m) => m.role === 'user');
  if (!customer) return null;
  return {
    open: newest,
    agentText: agentTexts.join('\n'),
    customerText: customer.content,
  };
}

/**
 * The WhatsApp pipeline's turn listener: the agent's reply is out and nobody waits. When the
 * turn left something open, the conversation's earlier follow-ups not sent are superseded and
 * the first of this one is scheduled (idempotent: the unique key keeps what is stored).
 */
export async function onTurnFinished(
  ctx: AppContext,
  conversationId: number,
  queue: FollowUpQueue,
): Promise<void> {
  const db = ctx.database.db;
  const conversation = await repo.conversationOf(db, conversationId);
  if (!conversation || conversation.channel !== 'whatsapp' || botQuiet(conversation)) return;
  const settings = await settingsOf(ctx, conversation.agent.id);
  if (!settings.enabled || settings.delaysHours.length === 0) return;
  const turn = lastTurn(await repo.recentMessages(db, conversationId, MEMORY_MESSAGES));
  if (!turn) return;
  await repo.cancelOutstanding(db, conversationId, 'superseded');
  if (await repo.stoppedByCustomer(db, conversationId)) return;
  const reason = openReason({
    agentText: turn.agentText,
    customerText: turn.customerText,
    interest: conversation.interest,
    booked: await repo.bookedAhead(
      db,
      conversation.agent.id,
      conversationId,
      conversation.contactId,
    ),
  });
  if (!reason) return;
  const openAt = turn.open.createdAt.getTime();
  const row = await repo.insertFollowUp(db, {
    ownerId: conversation.agent.ownerId,
    agentId: conversation.agent.id,
    conversationId,
    afterMessageId: turn.open.id,
    attempt: 1,
    reason,
    delayHours: settings.delaysHours[0]!,
    dueAt: followUpDueAt(openAt, settings.delaysHours, 1, Date.now()),
    status: 'scheduled',
  });
  if (row) await queue(ctx, row.id, row.dueAt);
}

/** Why a due follow-up is not sent now (the conversation moved on), or null. */
async function stopReason(
  ctx: AppContext,
  row: repo.FollowUpRow,
  conversation: repo.FollowUpConversation | null,
  settings: FollowUpSettings,
): Promise<string | null> {
  const db = ctx.database.db;
  if (!conversation) return 'gone';
  if (!settings.enabled || row.attempt > settings.delaysHours.length) return 'disabled';
  if (await repo.stoppedByCustomer(db, row.conversationId)) return 'stopped';
  if (botQuiet(conversation)) return 'person';
  const since = await repo.writtenSince(db, row);
  if (since.has('user')) return 'replied';
  if (since.has('human')) return 'person';
  if (since.has('assistant')) return 'superseded';
  if (row.attempt > 1) {
    const previous = await repo.previousAttempt(db, row);
    if (previous?.status !== 'sent') return 'previous-unsent';
  }
  return null;
}

/**
 * The follow-up job: sends it once. A first run checks it still makes sense (stopReason), waits
 * for the business hours within WhatsApp's window, claims it (scheduled → sending), has the
 * agent write it, stores it in the conversation and sends it, then schedules the next attempt. A
 * run that finds it sending with its message stored resumes as a reminder does
 * (resumeContactMessage: sent once, across a crash).
 */
export async function runFollowUp(
  ctx: AppContext,
  followUpId: number,
  queue: FollowUpQueue,
): Promise<'sent' | 'skipped' | 'deferred' | 'waiting' | 'none'> {
  const db = ctx.database.db;
  let row = await repo.findFollowUp(db, followUpId);
  if (!row || (row.status !== 'scheduled' && row.status !== 'sending')) return 'none';
  const conversation = await repo.conversationOf(db, row.conversationId);
  const settings = conversation
    ? await settingsOf(ctx, conversation.agent.id)
    : { ...DEFAULT_FOLLOW_UPS };
  const windowEnd = await windowEndOf(ctx, row.conversationId);
  if (row.status === 'scheduled') {
    const stop = await stopReason(ctx, row, conversation, settings);
    if (stop || !conversation) {
      await repo.skip(db, row, stop ?? 'gone');
      return 'skipped';
    }
    if (row.dueAt.getTime() > Date.now() + 1000) {
      // an older job of a deferred follow-up: the newer one sends it
      await queue(ctx, row.id, row.dueAt);
      return 'deferred';
    }
    const hours = await businessHoursOf(ctx, conversation.agent.ownerId, conversation.agent.id);
    const decision = followUpSendTime({ now: Date.now(), windowEnd }, hours);
    if (decision.action === 'skip') {
      await repo.skip(db, row, decision.reason);
      return 'skipped';
    }
    if (decision.action === 'defer') {
      if (await repo.defer(db, row, decision.at)) await queue(ctx, row.id, decision.at);
      return 'deferred';
    }
    row = await repo.claimSending(db, row);
    if (!row) return 'none';
  }
  if (row.messageId === null) {
    if (!conversation) {
      await repo.skip(db, row, 'gone');
      return 'skipped';
    }
    const text = await followUpText(ctx, row, conversation, settings);
    if (text === null) {
      await repo.skip(db, row, 'ended');
      return 'skipped';
    }
    const stored = await storeConversationMessage(ctx, row.conversationId, text, 'follow-up');
    if (!stored) {
      await repo.skip(db, row, 'disconnected');
      return 'skipped';
    }
    if (!(await repo.setMessage(db, row.id, stored))) {
      // another attempt stored (and sends) one first
      await abandonContactMessage(ctx, stored.messageId, 'duplicate');
      return 'none';
    }
    await sendContactMessage(ctx, stored.messageId);
    await repo.markSent(db, row.id);
    await publishConversationEvents(ctx, 'message', [row.conversationId]).catch(() => undefined);
    await scheduleNext(ctx, row, settings, queue);
    return 'sent';
  }
  const sending = row;
  const outcome = await resumeContactMessage(
    ctx,
    { messageId: sending.messageId!, attemptAt: sending.attemptAt },
    {
      markSent: () => repo.markSent(db, sending.id),
      skip: (reason) => repo.skip(db, sending, reason),
      requeue: (at) => queue(ctx, sending.id, at),
      claimResend: () => repo.claimResend(db, sending),
      tooLate: async () => {
        const stop = await stopReason(
          ctx,
          { ...sending, status: 'scheduled' },
          conversation,
          settings,
        );
        if (stop) return { reason: stop, error: translate('followUps.late', 'pt-BR') };
        if (Date.now() >= windowEnd) {
          return { reason: 'window', error: translate('followUps.late', 'pt-BR') };
        }
        return null;
      },
    },
  );
  if (outcome === 'sent') await scheduleNext(ctx, sending, settings, queue);
  return outcome;
}

/** After attempt n went out, attempt n + 1 (when the owner's delays have one). */
async function scheduleNext(
  ctx: AppContext,
  sent: repo.FollowUpRow,
  settings: FollowUpSettings,
  queue: FollowUpQueue,
) {
  const attempt = sent.attempt + 1;
  if (!settings.enabled || attempt > settings.delaysHours.length) return;
  const openAt = await repo.messageCreatedAt(ctx.database.db, sent.afterMessageId);
  if (openAt === null) return;
  const row = await repo.insertFollowUp(ctx.database.db, {
    ownerId: sent.ownerId,
    agentId: sent.agentId,
    conversationId: sent.conversationId,
    afterMessageId: sent.afterMessageId,
    attempt,
    reason: sent.reason,
    delayHours: settings.delaysHours[attempt - 1]!,
    dueAt: followUpDueAt(openAt.getTime(), settings.delaysHours, attempt, Date.now()),
    status: 'scheduled',
  });
  if (row) await queue(ctx, row.id, row.dueAt);
}

/** The end of WhatsApp's window: 24 hours after the customer's last message (none: now). */
async function windowEndOf(ctx: AppContext, conversationId: number): Promise<number> {
  const at = await repo.lastCustomerMessageAt(ctx.database.db, conversationId);
  return at ? at.getTime() + WHATSAPP_WINDOW_MS : 0;
}

/** The agent writes the follow-up from the conversation (offline: the catalogue's template). */
async function followUpText(
  ctx: AppContext,
  row: repo.FollowUpRow,
  conversation: repo.FollowUpConversation,
  settings: FollowUpSettings,
): Promise<string | null> {
  const recent = await repo.recentMessages(ctx.database.db, row.conversationId, MEMORY_MESSAGES);
  // nobody but the agent wrote after the open message (stopReason): the whole recent history
  const memory: ChatTurn[] = recent
    .filter((m) => m.status !== 'failed' && m.content.trim() !== '')
    .reverse()
    .map((m) => ({ role: m.role === 'user' ? 'user' : 'assistant', content: m.content }));
  const { text } = await writeFollowUp(ctx.database.db, {
    agent: conversation.agent,
    ownerId: conversation.agent.ownerId,
    provider: await resolveProvider(ctx, conversation.agent.ownerId),
    memory,
    attempt: row.attempt,
    attempts: settings.delaysHours.length,
    reason: row.reason as OpenReason,
    contactName: conversation.contactDisplayName ?? conversation.contactName,
    interest: conversation.interest,
  });
  return text;
}

const STOP_WORDS = new Set(['parar', 'pare', 'para', 'sair', 'stop', 'cancelar mensagens']);

/** The customer's words as compared: lower case, no accents, no punctuation around. */
export function isStopWord(texts: string[]): boolean {
  const text = texts
    .join(' ')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return STOP_WORDS.has(text);
}

/**
 * The WhatsApp pipeline's fixed answer for 'parar' / 'sair': no follow-up again in this
 * conversation (recorded, and the outstanding ones cancelled). The agent confirms it when it
 * follows up at all (its settings on, or one sent here); otherwise the model answers as usual.
 */
export async function stopAnswer(
  ctx: AppContext,
  turn: { agent: { id: number; language: string }; conversation: { id: number }; texts: string[] },
): Promise<string | null> {
  if (!isStopWord(turn.texts)) return null;
  const db = ctx.database.db;
  await repo.recordStop(db, turn.conversation.id);
  const settings = await settingsOf(ctx, turn.agent.id);
  const sentHere = (await repo.followUpsOf(db, [turn.conversation.id])).some(
    (f) => f.status === 'sent',
  );
  if (!settings.enabled && !sentHere) return null;
  return translate('followUps.stopped', customerLanguage(turn.agent.language));
}
