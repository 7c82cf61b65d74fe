import type { PublicChatReply } from '@common/schemas/webchat';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/errors';
import type { AgentRow } from '../agents';
import {
  chatReply,
  chatReplyStream,
  type ChatTurnRequest,
  type HeldNotice,
} from '../conversations';
import { customerAccess, type RuntimeFeatures } from '../subscriptions';
import type { Citation, TurnResult, TurnStream } from '../runtime';
import { WEBCHAT_CHANNEL } from './webchat.service';
import * as repo from './webchat.repo';

/**
 * A website visitor's turn, on the conversation core's turn runner (a customer's chat channel:
 * `chatReply`): as the agent's owner (their provider key, their knowledge base), remembered as a
 * conversation of channel `webchat` whose contact is the visitor's random id. This module only
 * translates: the visitor's request in, the public reply out.
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
export type VisitorNotice = HeldNotice;

const coreTurn = (turn: VisitorTurn): ChatTurnRequest => ({
  agent: turn.agent,
  channel: WEBCHAT_CHANNEL,
  contactId: turn.visitorId,
  message: turn.message,
  features: turn.features,
  ...(turn.signal ? { signal: turn.signal } : {}),
  customer: true,
});

/**
 * While a person answers the conversation (handed over, or the bot paused) the visitor's message
 * is stored and nothing answers it: resolves to null then. Out of hours in 'message' mode the
 * same, but the period's first message gets the notice (ADR 0028); in 'answer' mode the agent
 * answers and its reply ends with the notice, once per period.
 */
export function visitorReply(
  ctx: AppContext,
  turn: VisitorTurn,
): Promise<TurnResult | VisitorNotice | null> {
  return chatReply(ctx, coreTurn(turn));
}

export function visitorReplyStream(
  ctx: AppContext,
  turn: VisitorTurn,
): Promise<TurnStream | VisitorNotice | null> {
  return chatReplyStream(ctx, coreTurn(turn));
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
