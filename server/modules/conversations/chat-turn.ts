import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/errors';
import type { AgentRow } from '../agents';
import { publishConversationEvents } from '../events';
import { hoursNow, noticeOnce, type HoursNow } from './out-of-hours.service';
import { resolveProvider } from '../providers';
import {
  MEMORY_LIMITS,
  storedCitations,
  type TurnInput,
  type TurnResult,
  type TurnStream,
} from '../runtime';
import type { RuntimeFeatures } from '../subscriptions';
import {
  appendMessages,
  getOrCreateConversation,
  recentTurns,
  type ConversationRow,
} from './conversations.repo';
import { botQuiet } from './takeover';
import { answerTurn, CHAT_PACE, streamAnswer, type TurnFinish, type TurnRequest } from './turn';

/**
 * A turn of a chat channel — one whose reply goes back on the request that asked (the website
 * widget, the owner's test console), as a whole or streamed — on the one turn runner (turn.ts):
 * the conversation found or started, the turn answered, both messages stored, the owner's screens
 * told. What tells the two channels apart is data (`customer`):
 *
 * - a customer's channel (the widget) holds the bot while a person answers (the message is
 *   stored, nothing replies), applies the owner's out-of-hours mode (ADR 0028) and a handoff;
 * - the test console answers at any hour — the owner tests when they can — but shows what a
 *   customer gets: the period's notice, once, added to the answer; a handoff is only shown.
 */
export interface ChatTurnRequest {
  agent: AgentRow;
  channel: 'webchat' | 'test';
  /** the conversation's contact: the visitor's random id, the console's owner */
  contactId: string;
  message: string;
  image?: TurnInput['image'];
  /** the owner's plan features, when the channel has read them (the widget's access check) */
  features?: RuntimeFeatures;
  signal?: AbortSignal;
  customer: boolean;
}

/** The out-of-hours notice a customer gets in 'message' mode, instead of the agent's turn. */
export interface HeldNotice {
  notice: string;
}

async function prepare(ctx: AppContext, turn: ChatTurnRequest) {
  const db = ctx.database.db;
  const { agent } = turn;
  const provider = await resolveProvider(ctx, agent.ownerId);
  // An image is read by a model; the offline one cannot.
  if (turn.image && !provider) throw new AppError('IMAGE_NEEDS_PROVIDER');
  const conversation = await getOrCreateConversation(db, agent.id, turn.channel, turn.contactId);
  const memory = await recentTurns(db, conversation.id, MEMORY_LIMITS.maxTurns);
  const request: TurnRequest = {
    agent,
    conversation,
    channel: turn.channel,
    memory,
    message: turn.message,
    image: turn.image,
    provider,
    ...(turn.features ? { features: turn.features } : {}),
    ...(turn.signal ? { signal: turn.signal } : {}),
    // A visitor has no number until they give one: the model asks for it to book.
    phone: null,
    after: { customer: turn.customer, log: null, contactName: conversation.contactName },
  };
  // A customer's turn may be held by the hours, so they are read first; the console's are only
  // needed for the notice, once the model has answered.
  const hours = turn.customer ? await hoursNow(ctx, agent) : null;
  return { conversation, request, hours };
}

/**
 * Resolves to null when nothing answers now (a person answers the conversation, or out of hours
 * in 'message' mode after the period's notice), to the notice alone when it is the first message
 * of that period, else to the turn's reply, which ends with the out-of-hours notice once per
 * period.
 */
export function chatReply(
  ctx: AppContext,
  turn: ChatTurnRequest & { customer: false },
): Promise<TurnResult>;
export function chatReply(
  ctx: AppContext,
  turn: ChatTurnRequest,
): Promise<TurnResult | HeldNotice | null>;
export async function chatReply(
  ctx: AppContext,
  turn: ChatTurnRequest,
): Promise<TurnResult | HeldNotice | null> {
  const { conversation, request, hours } = await prepare(ctx, turn);
  const held = await holds(ctx, turn, conversation, hours);
  if (held !== false) return held;
  const { result } = await answerTurn(
    ctx,
    request,
    CHAT_PACE,
    recorder(ctx, turn, conversation, hours),
  );
  await announced(ctx, turn, conversation.id);
  return result;
}

/** The streaming form of chatReply: the notice, when there is one, is the last delta. */
export function chatReplyStream(
  ctx: AppContext,
  turn: ChatTurnRequest & { customer: false },
): Promise<TurnStream>;
export function chatReplyStream(
  ctx: AppContext,
  turn: ChatTurnRequest,
): Promise<TurnStream | HeldNotice | null>;
export async function chatReplyStream(
  ctx: AppContext,
  turn: ChatTurnRequest,
): Promise<TurnStream | HeldNotice | null> {
  const { conversation, request, hours } = await prepare(ctx, turn);
  const held = await holds(ctx, turn, conversation, hours);
  if (held !== false) return held;
  const told: { notice: string | null } = { notice: null };
  const record = recorder(ctx, turn, conversation, hours, (notice) => (told.notice = notice));
  const stream = await streamAnswer(ctx, request, CHAT_PACE, record);
  const result = stream.result.then(async (r) => {
    await announced(ctx, turn, conversation.id);
    return r;
  });
  result.catch(() => {});
  const deltas = (async function* () {
    yield* stream.deltas;
    // Known once the reply is recorded (a turn that failed spends no notice).
    const recorded = await result.then(() => true).catch(() => false);
    if (recorded && told.notice) yield `\n\n${told.notice}`;
  })();
  return { deltas, result };
}

/**
 * Stores the turn once the model has answered: the customer's message and the reply, which ends
 * with the out-of-hours notice when this is the period's first (asked for only now: a turn that
 * failed spends no notice).
 */
function recorder(
  ctx: AppContext,
  turn: ChatTurnRequest,
  conversation: ConversationRow,
  hours: HoursNow | null,
  told?: (notice: string | null) => void,
): TurnFinish {
  return async (answered) => {
    const now = hours ?? (await hoursNow(ctx, turn.agent));
    const notice = await noticeOnce(ctx, conversation.id, now);
    told?.(notice);
    const result = notice ? { ...answered, text: `${answered.text}\n\n${notice}` } : answered;
    await appendMessages(ctx.database.db, conversation.id, [
      { role: 'user', content: turn.message },
      {
        role: 'assistant',
        content: result.text,
        inputTokens: result.usage.inputTokens,
        outputTokens: result.usage.outputTokens,
        latencyMs: result.latencyMs,
        citations: result.citations.length > 0 ? storedCitations(result.citations) : null,
      },
    ]);
    return result;
  };
}

/**
 * On a customer's channel, what holds the turn: a person answers (the message is stored, nothing
 * replies: null), or out of hours in 'message' mode — the message waits for a person like a
 * handoff's (the inbox shows it; the widget has no job to answer it at the opening: the next
 * message is answered with it in memory), and the period's first gets the notice, stored as the
 * agent's so the history and the inbox show it. Resolves to false when the agent answers.
 */
async function holds(
  ctx: AppContext,
  turn: ChatTurnRequest,
  conversation: ConversationRow,
  hours: HoursNow | null,
): Promise<HeldNotice | null | false> {
  if (!turn.customer || !hours) return false;
  const db = ctx.database.db;
  if (botQuiet(conversation)) {
    await appendMessages(db, conversation.id, [{ role: 'user', content: turn.message }]);
    await announce(ctx, conversation.id);
    return null;
  }
  if (hours.open || hours.mode !== 'message') return false;
  await appendMessages(db, conversation.id, [{ role: 'user', content: turn.message }]);
  const notice = await noticeOnce(ctx, conversation.id, hours);
  if (notice) await appendMessages(db, conversation.id, [{ role: 'assistant', content: notice }]);
  await announce(ctx, conversation.id);
  return notice ? { notice } : null;
}

/** A customer's new messages reach the owner's screens; the test chat is the owner's own. */
async function announced(ctx: AppContext, turn: ChatTurnRequest, conversationId: number) {
  if (turn.customer) await announce(ctx, conversationId);
}

/**
 * The owner's open screens are told of the new messages. Best effort: the messages are stored
 * whatever happens here, and the inbox shows them on its next read.
 */
async function announce(ctx: AppContext, conversationId: number) {
  await publishConversationEvents(ctx, 'message', [conversationId]).catch(() => undefined);
}
