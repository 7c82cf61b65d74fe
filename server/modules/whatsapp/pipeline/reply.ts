import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../app-context';
import { resolveProvider } from '../../providers';
import { MEMORY_LIMITS } from '../../runtime';
import { closedWindow, lineFor } from './line';
import { buildPlan, repliesInVoice, type Provider } from './plan';
import { enqueueReply } from './queues';
import { ignoreTurn } from './recovery';
import { DUE_SLACK_MS, sendParts, showTyping, typingDelayMs, type SendTarget } from './send';
import { loadTurnContext, type TurnContext } from './store/store-turns';
import {
  botQuiet,
  hoursNow,
  noticeOnce,
  clearReplyDue,
  setReplyDue,
  storeNewPlan,
  metaOf,
  type ReplyPlan,
  finishTurn,
} from '../../conversations';

/**
 * The owner's provider, looked up on first use and then shared by the whole reply: the
 * transcription and the model call of the plan, and the voice of an audio part.
 */
function providerOnce(ctx: AppContext, ownerId: number): () => Promise<Provider> {
  let provider: Promise<Provider> | undefined;
  return () => (provider ??= resolveProvider(ctx, ownerId));
}

/**
 * The reply job of one conversation: a reply under way sends its parts that are due (send.ts);
 * otherwise the job waits out the debounce window and answers every pending message of the
 * contact as one turn (plan.ts). Each part is recorded as it goes, so a retry resumes where the
 * last attempt stopped; the last one finishes the turn. Resolves to the conversation's owner when
 * a part went out (a new message on their screens), else null.
 */
export async function runReply(
  ctx: AppContext,
  conversationId: number,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<number | null> {
  const context = await loadTurnContext(ctx.database.db, conversationId, MEMORY_LIMITS.maxTurns);
  if (!context) return null;
  const meta = metaOf(context.conversation);
  if (!meta.target || !meta.replyJid) return null;
  const { ownerId } = context.agent;
  const to: SendTarget = {
    conversationId,
    line: await lineFor(ctx, meta.target),
    target: meta.target,
    replyJid: meta.replyJid,
    inboundId: context.newTurn?.turn.pending.at(-1)?.gatewayMessageId ?? null,
    // A turn answered long after the customer wrote (a weekend closed) goes as a template.
    closed: await closedWindow(ctx.database.db, meta.target, conversationId, 'template'),
    provider: providerOnce(ctx, ownerId),
  };
  let sent = false;
  // A reply under way goes on (its parts have their times) whatever came in meanwhile.
  if (meta.plan) sent = await sendAndFinish(ctx, to, meta.plan, false, log);
  // (with no plan the query reads the new turn: newTurn is there)
  else if (context.newTurn) {
    const plan = await startTurn(ctx, to, { ...context, ...context.newTurn });
    if (plan) sent = await sendAndFinish(ctx, to, plan, true, log);
  }
  return sent ? ownerId : null;
}

/**
 * The "typing…" before a first part whose pause was spent in the merge window: this long after
 * the window closed (or the whole pause, when it is shorter).
 */
export const FIRST_PART_TYPING_MS = 1000;
/** However late a turn starts, the contact sees "typing…" at least this long before its first part. */
export const MIN_TYPING_SEEN_MS = 250;

/**
 * When the first part of a turn is due. Its typing pause counts from the customer's last message
 * (the window's close less the merge window), as a person starts typing once they have read it:
 * the merge window and the pause overlap instead of adding up; then "typing…" for
 * FIRST_PART_TYPING_MS after the window's close. A turn that waited for a free slot (a rush) has
 * made the contact wait already: from when this job started working the answer out
 * (`typingFrom`, when "typing…" was shown) only MIN_TYPING_SEEN_MS more. Pauses off (0): at once;
 * no window on record: the whole pause from `typingFrom`.
 */
export function firstPartDueAt(input: {
  pause: number;
  typingFrom: number;
  windowClosedAt: number | null;
  windowMs: number;
}): number {
  const { pause, typingFrom, windowClosedAt, windowMs } = input;
  if (windowClosedAt === null) return typingFrom + pause; // no window on record: the whole pause
  return Math.max(
    windowClosedAt - windowMs + pause,
    windowClosedAt + Math.min(pause, FIRST_PART_TYPING_MS),
    typingFrom + Math.min(pause, MIN_TYPING_SEEN_MS),
  );
}

/**
 * A turn due further ahead than this is left to the minute's sweep: only the business hours'
 * opening is (merge windows are 30 s at most).
 */
const SWEEP_LEFT_MS = 10 * 60_000;

/**
 * A new turn: once its merge window has passed, the plan of the reply to the pending messages.
 * The contact sees "typing…" from the moment this job starts working the answer out; the first
 * part is due as firstPartDueAt says (the planning time is not added to it). Resolves to
 * the plan when its first part is due at once (stored with that part in flight), or to null when
 * there is nothing to send now (window open, paused or handed over, nothing pending, no access,
 * out of hours in 'message' mode with the period's notice sent already, or the first part
 * scheduled after its pause). Out of hours, the owner's choice decides (ADR 0028).
 */
async function startTurn(
  ctx: AppContext,
  to: SendTarget,
  context: TurnContext & NonNullable<TurnContext['newTurn']>,
): Promise<ReplyPlan | null> {
  const db = ctx.database.db;
  const { conversationId } = to;
  const { agent, settings, hasKnowledge, access, conversation, turn } = context;
  if (conversation.replyDueAt !== null && conversation.replyDueAt.getTime() > Date.now() + 25) {
    // A merge window moved on: queued again for its end. A turn due at the business hours'
    // opening is the sweep's (waitForOpening), not a job's.
    if (conversation.replyDueAt.getTime() <= Date.now() + SWEEP_LEFT_MS) {
      await enqueueReply(ctx, conversationId, conversation.replyDueAt);
    }
    return null;
  }
  if (botQuiet(conversation)) {
    // A handoff lasts until a resume, which queues this reply again: no due time meanwhile (the
    // sweep would queue it every minute). A pause ends by itself, so its due time stays.
    if (conversation.handedOverAt !== null) await clearReplyDue(db, conversationId);
    return null;
  }
  if (turn.pending.length === 0) {
    await clearReplyDue(db, conversationId);
    return null;
  }
  // Decided when answering, not when the message arrived: the subscription may change between.
  if (!access.servesCustomers) {
    await ignoreTurn(ctx, conversation, to.target);
    return null;
  }
  const hours = await hoursNow(ctx, agent);
  if (!hours.open && hours.mode === 'message') {
    const notice = await noticeOnce(ctx, conversationId, hours);
    if (!notice) {
      await waitForOpening(ctx, conversationId, hours.opening);
      return null;
    }
    // The notice goes out first; finishing it queues this turn again (its messages still wait),
    // and that job finds the notice sent and waits for the opening.
    showTyping(to, 'text', ctx.config.WHATSAPP_TYPING_DELAY_MS);
    return startPlan(ctx, to, context, Date.now(), { plan: noticePlan(notice), usage: null });
  }
  const typingFrom = Date.now();
  const provider = await to.provider();
  // Past the customer's 24 hours on the official line the reply goes in the notice template:
  // text only, and as one message (each part would be a template of its own).
  const turnSettings = to.closed ? { ...settings, voiceReply: 'off' as const } : settings;
  const voice = repliesInVoice(turnSettings.voiceReply, turn.pending, provider);
  showTyping(to, voice ? 'audio' : 'text', ctx.config.WHATSAPP_TYPING_DELAY_MS);
  const built = await buildPlan(ctx, {
    agent,
    settings: turnSettings,
    target: to.target,
    line: to.line,
    turn,
    provider,
    access: { features: access.features, hasKnowledge },
    conversation,
  });
  // 'answer' mode out of hours: the reply, then once per closed period who answers and when.
  const notice = await noticeOnce(ctx, conversationId, hours);
  if (notice) built.plan.parts.push({ text: notice, kind: 'text' });
  if (to.closed && built.plan.parts.length > 1) {
    built.plan.parts = [{ text: built.plan.parts.map((p) => p.text).join('\n\n'), kind: 'text' }];
  }
  return startPlan(ctx, to, context, typingFrom, built);
}

/**
 * 'message' mode out of hours, the period's notice sent: the pending messages wait for the
 * opening, like a handoff's for a person (nothing answers them, the inbox shows them), and their
 * reply is due then — on the row only, so the minute's sweep queues the turn after the opening
 * and answers them as one turn, whatever restarted meanwhile (ADR 0028). No job is queued for
 * the opening (nor by a job that finds the turn due then: SWEEP_LEFT_MS): a job queued days ahead
 * would hold the conversation's one queued slot, and a new message's job would be refused behind
 * it. No opening within a year: nothing is due, the next
 * message asks again.
 */
async function waitForOpening(ctx: AppContext, conversationId: number, opening: Date | null) {
  await setReplyDue(ctx.database.db, conversationId, opening);
}

/**
 * The out-of-hours notice as a turn's plan that answers none of the pending messages: once it is
 * out, finishTurn finds them still waiting and queues their turn again, which waits for the
 * opening (waitForOpening).
 */
function noticePlan(text: string): ReplyPlan {
  return {
    messageIds: [],
    parts: [{ text, kind: 'text' }],
    sent: 0,
    inflight: null,
    inputTokens: 0,
    outputTokens: 0,
    latencyMs: 0,
  };
}

/**
 * A new plan, stored: with its first part in flight when it is due at once (resolves to it, for
 * the caller to send), else scheduled after its typing pause (resolves to null).
 */
async function startPlan(
  ctx: AppContext,
  to: SendTarget,
  { conversation, settings }: TurnContext,
  typingFrom: number,
  built: Awaited<ReturnType<typeof buildPlan>>,
): Promise<ReplyPlan | null> {
  const db = ctx.database.db;
  const { conversationId } = to;
  const nextAt = firstPartDueAt({
    pause: typingDelayMs(ctx, built.plan.parts[0]!.text),
    typingFrom,
    windowClosedAt: conversation.replyDueAt?.getTime() ?? null,
    windowMs: settings.debounceMs,
  });
  if (nextAt > Date.now() + DUE_SLACK_MS) {
    // The first part is due after its typing pause, which this job does not wait out.
    await storeNewPlan(db, conversationId, { ...built.plan, inflight: null, nextAt }, built.usage);
    await enqueueReply(ctx, conversationId, new Date(nextAt));
    return null;
  }
  const plan = { ...built.plan, inflight: { index: 0, at: Date.now() } };
  await storeNewPlan(db, conversationId, plan, built.usage);
  return plan;
}

/**
 * Sends the parts that are due; after the last one, finishes the turn (and queues the next).
 * Resolves to whether a part went out.
 */
async function sendAndFinish(
  ctx: AppContext,
  to: SendTarget,
  plan: ReplyPlan,
  fresh: boolean,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<boolean> {
  const outcome = await sendParts(ctx, to, plan, fresh);
  if (outcome.stopped) return outcome.sent > 0;
  const done = await finishTurn(ctx.database.db, to.conversationId, outcome.last);
  if (done?.more) await enqueueReply(ctx, to.conversationId, done.dueAt);
  else if (done) {
    // The reply is out: a listener's failure is only logged (ConversationHooks.turnFinished).
    const { conversationId } = to;
    await ctx.hooks.conversations.turnFinished(ctx, conversationId).catch((err: unknown) => {
      log.warn({ err, conversationId }, 'turn listener failed');
    });
  }
  return outcome.sent > 0;
}
