import type { PublicChatReply } from '@common/schemas/webchat';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/errors';
import type { AgentRow } from '../agents';
import { replyAndRecord, streamAndRecord } from '../agent-test';
import { bookingAccess } from '../appointments';
import { contactNotes } from '../contacts';
import { recordUnanswered } from '../analytics';
import {
  appendMessages,
  getOrCreateConversation,
  recentTurns,
  type ConversationRow,
} from '../conversations';
import { resolveProvider } from '../providers';
import { hoursNow, noticeOnce, type HoursNow } from '../out-of-hours';
import { customerAccess, type RuntimeFeatures } from '../subscriptions';
import {
  MEMORY_LIMITS,
  type Citation,
  type TurnInput,
  type TurnResult,
  type TurnStream,
} from '../runtime';
import { publishConversationEvents } from '../events';
import { agentHandOver, botQuiet } from '../whatsapp';
import { WEBCHAT_CHANNEL } from './webchat.service';
import * as repo from './webchat.repo';

/**
 * A website visitor's turn: the same runtime as every channel, as the agent's
 * owner (their provider key, their knowledge base), remembered as a conversation of channel
 * `webchat` whose contact is the visitor's random id.
 */
export interface VisitorTurn {
  agent: AgentRow;
  visitorId: string;
  message: string;
  /** from assertServesVisitors */
  features: RuntimeFeatures;
  signal?: AbortSignal;
}

/**
 * The agent a public request names by its key. Whatever the path holds (an unknown or rotated
 * key, a numeric id, garbage) costs the same one indexed lookup and is the same 404: no format
 * check runs first, and nothing says whether such an agent ever existed.
 */
export async function publicAgent(ctx: AppContext, publicKey: string) {
  const found = await repo.findPublicAgent(ctx.database.db, publicKey);
  if (!found) throw new AppError('WEBCHAT_AGENT_NOT_FOUND');
  return found;
}

export function assertActive(agent: AgentRow) {
  if (agent.status !== 'active') throw new AppError('WEBCHAT_AGENT_UNAVAILABLE');
}

/**
 * Whether the widget may answer this agent's visitors: the agent is active and its owner serves
 * customers (a trialing or active subscription, the agent within the plan's agent limit).
 * Every refusal is the same neutral "unavailable": a visitor learns nothing of the owner's billing.
 * The owner's dashboard preview goes through here too, so it shows what visitors would see.
 */
export async function assertServesVisitors(
  ctx: AppContext,
  agent: AgentRow,
): Promise<RuntimeFeatures> {
  assertActive(agent);
  const access = await customerAccess(ctx.database.db, agent.ownerId, agent.id);
  if (!access.servesCustomers) throw new AppError('WEBCHAT_AGENT_UNAVAILABLE');
  return access.features;
}

async function prepare(ctx: AppContext, turn: VisitorTurn) {
  const db = ctx.database.db;
  const provider = await resolveProvider(ctx, turn.agent.ownerId);
  const conversation = await getOrCreateConversation(
    db,
    turn.agent.id,
    WEBCHAT_CHANNEL,
    turn.visitorId,
  );
  const memory = await recentTurns(db, conversation.id, MEMORY_LIMITS.maxTurns);
  const input: TurnInput = {
    agent: turn.agent,
    ownerId: turn.agent.ownerId,
    channel: WEBCHAT_CHANNEL,
    memory,
    message: turn.message,
    provider,
    features: turn.features,
    ...(turn.signal ? { abortSignal: turn.signal } : {}),
    // A visitor has no number until they give one: the model asks for it to book.
    booking: await bookingAccess(ctx, turn.agent, {
      phone: null,
      conversationId: conversation.id,
    }),
    contact:
      conversation.linkedContactId === null
        ? null
        : contactNotes(db, turn.agent.ownerId, conversation.linkedContactId),
  };
  return { conversation, input };
}

/**
 * What a visitor may see of a turn: the text and, when the owner chose to show sources, the cited
 * passages under their public titles (a file name without its extension when there is none) —
 * nothing else of the owner.
 */
export function toPublicReply(result: TurnResult, showSources: boolean): PublicChatReply {
  return {
    response: result.text,
    citations: showSources
      ? result.citations.map((c) => ({ source: publicSource(c), excerpt: c.excerpt }))
      : [],
    offline: result.offline,
  };
}

function publicSource(citation: Citation): string {
  const title = citation.title?.trim();
  return title ? title : citation.source.replace(/\.[A-Za-z0-9]{1,5}$/, '');
}

/** The out-of-hours notice a visitor gets in 'message' mode, instead of the agent's turn. */
export interface VisitorNotice {
  notice: string;
}

/**
 * While a person answers the conversation (handed over, or the bot paused) the visitor's message
 * is stored and nothing answers it: resolves to null then. Out of hours in 'message' mode the
 * same, but the period's first message gets the notice (ADR 0028); in 'answer' mode the agent
 * answers and its reply ends with the notice, once per period.
 */
export async function visitorReply(
  ctx: AppContext,
  turn: VisitorTurn,
): Promise<TurnResult | VisitorNotice | null> {
  const { conversation, input } = await prepare(ctx, turn);
  if (await heldForPerson(ctx, conversation, turn.message)) return null;
  const hours = await hoursNow(ctx, turn.agent);
  if (!hours.open && hours.mode === 'message') {
    return heldForOpening(ctx, conversation, turn.message, hours);
  }
  const result = await replyAndRecord(ctx, conversation.id, turn.message, input, () =>
    noticeOnce(ctx, conversation.id, hours),
  );
  await handOverIfAsked(ctx, turn.agent, conversation, result);
  await recordIfUnanswered(ctx, turn, conversation, result);
  await announce(ctx, conversation.id);
  return result;
}

export async function visitorReplyStream(
  ctx: AppContext,
  turn: VisitorTurn,
): Promise<TurnStream | VisitorNotice | null> {
  const { conversation, input } = await prepare(ctx, turn);
  if (await heldForPerson(ctx, conversation, turn.message)) return null;
  const hours = await hoursNow(ctx, turn.agent);
  if (!hours.open && hours.mode === 'message') {
    return heldForOpening(ctx, conversation, turn.message, hours);
  }
  const stream = await streamAndRecord(ctx, conversation.id, turn.message, input, () =>
    noticeOnce(ctx, conversation.id, hours),
  );
  const result = stream.result.then(async (r) => {
    await handOverIfAsked(ctx, turn.agent, conversation, r);
    await recordIfUnanswered(ctx, turn, conversation, r);
    await announce(ctx, conversation.id);
    return r;
  });
  result.catch(() => {});
  return { deltas: stream.deltas, result };
}

/**
 * The agent handed over (its tool, or the visitor asked for a person): this turn's reply was the
 * handoff message; from now on the visitor's messages wait for a person, and the owner is told.
 */
async function handOverIfAsked(
  ctx: AppContext,
  agent: AgentRow,
  conversation: ConversationRow,
  result: TurnResult,
) {
  if (!result.handoff) return;
  await agentHandOver(ctx, {
    conversationId: conversation.id,
    contact: conversation.contactId,
    contactName: conversation.contactName,
    eventTarget: null,
    ownerId: agent.ownerId,
    agentId: agent.id,
  });
}

/** A question the agent could not answer goes to the owner's reports. */
async function recordIfUnanswered(
  ctx: AppContext,
  turn: VisitorTurn,
  conversation: ConversationRow,
  result: TurnResult,
) {
  if (!result.unanswered) return;
  await recordUnanswered(ctx, {
    ownerId: turn.agent.ownerId,
    agent: turn.agent,
    conversationId: conversation.id,
    question: turn.message,
    reason: result.unanswered,
  });
}

/**
 * The owner's open screens are told of the new messages. Best effort: the messages are stored
 * whatever happens here, and the inbox shows them on its next read.
 */
async function announce(ctx: AppContext, conversationId: number) {
  await publishConversationEvents(ctx, 'message', [conversationId]).catch(() => undefined);
}

/** The reply a visitor gets while a person answers: no text (the widget shows none). */
export const QUIET_REPLY: PublicChatReply = { response: '', citations: [], offline: false };

/** What the widget gets for a visitor's message: the agent's reply, the notice, or nothing. */
export function publicAnswer(
  answer: TurnResult | VisitorNotice | null,
  showSources: boolean,
): PublicChatReply {
  if (!answer) return QUIET_REPLY;
  if ('notice' in answer) return { ...QUIET_REPLY, response: answer.notice };
  return toPublicReply(answer, showSources);
}

async function heldForPerson(
  ctx: AppContext,
  conversation: ConversationRow,
  message: string,
): Promise<boolean> {
  if (!botQuiet(conversation)) return false;
  await appendMessages(ctx.database.db, conversation.id, [{ role: 'user', content: message }]);
  await announce(ctx, conversation.id);
  return true;
}

/**
 * Out of hours in 'message' mode: the visitor's message waits for a person like a handoff's (the
 * inbox shows it; the widget has no job to answer it at the opening — the visitor's next message
 * is answered with it in memory). The period's first message gets the notice, stored as the
 * agent's so the visitor's history and the inbox show it; later ones the quiet reply.
 */
async function heldForOpening(
  ctx: AppContext,
  conversation: ConversationRow,
  message: string,
  hours: HoursNow,
): Promise<VisitorNotice | null> {
  const db = ctx.database.db;
  await appendMessages(db, conversation.id, [{ role: 'user', content: message }]);
  const notice = await noticeOnce(ctx, conversation.id, hours);
  if (notice) await appendMessages(db, conversation.id, [{ role: 'assistant', content: notice }]);
  await announce(ctx, conversation.id);
  return notice ? { notice } : null;
}
