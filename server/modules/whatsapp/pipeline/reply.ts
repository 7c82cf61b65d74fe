import type { AppContext } from '../../../app-context';
import { resolveProvider } from '../../providers';
import { MEMORY_LIMITS } from '../../runtime';
import { gatewayFor } from './gateway';
import { buildPlan, type Provider } from './plan';
import { enqueueReply } from './queues';
import { ignoreTurn } from './recovery';
import { scheduleNext, sendNumber, sendParts, typingDelayMs } from './send';
import { clearReplyDue, storeNewPlan } from './store/store-conversations';
import { metaOf } from './store/store-meta';
import { finishTurn, loadTurnContext } from './store/store-turns';

/**
 * The owner's provider, looked up on first use and then shared by the whole reply: the
 * transcription and the model call of the plan, and the voice of an audio part.
 */
function providerOnce(ctx: AppContext, ownerId: number): () => Promise<Provider> {
  let provider: Promise<Provider> | undefined;
  return () => (provider ??= resolveProvider(ctx, ownerId));
}

/**
 * The reply job of one conversation: waits out the debounce window, answers every pending
 * message of the contact as one turn (plan.ts), sends the parts one by one (send.ts), recording
 * each as it goes so a retry resumes where the last attempt stopped, and finishes the turn.
 */
export async function runReply(ctx: AppContext, conversationId: number): Promise<void> {
  const db = ctx.database.db;
  const context = await loadTurnContext(db, conversationId, MEMORY_LIMITS.maxTurns);
  if (!context) return;
  const { agent, settings, hasKnowledge, access, conversation } = context;
  const meta = metaOf(conversation);
  const target = meta.target;
  if (!target || !meta.replyJid) return;
  const paused =
    conversation.botPausedUntil !== null && conversation.botPausedUntil.getTime() > Date.now();
  const client = await gatewayFor(ctx, target);
  const provider = providerOnce(ctx, agent.ownerId);
  let plan = meta.plan ?? null;
  // A new turn waits out its merge window; a reply under way goes on (its parts have their times).
  const windowOpen =
    conversation.replyDueAt !== null && conversation.replyDueAt.getTime() > Date.now() + 25;
  if (!plan && windowOpen) {
    await enqueueReply(ctx, conversationId, conversation.replyDueAt);
    return;
  }
  // A plan made here is stored with its first part in flight: no read before that part.
  let fresh = false;
  if (!plan) {
    if (paused) return;
    const turn = context.turn;
    if (turn.pending.length === 0) {
      await clearReplyDue(db, conversationId);
      return;
    }
    // Decided when answering, not when the message arrived: the subscription may change between.
    if (!access.servesCustomers) {
      await ignoreTurn(ctx, conversation, target);
      return;
    }
    const built = await buildPlan(ctx, {
      agent,
      settings,
      target,
      client,
      turn,
      provider: await provider(),
      access: { features: access.features, hasKnowledge },
    });
    const to = { conversationId, client, target, number: sendNumber(meta.replyJid), provider };
    const first = built.plan.parts[0]!;
    const pause = typingDelayMs(ctx, first.text);
    if (pause > 0) {
      // The first part too is due after its typing pause, which this job does not wait out.
      const nextAt = Date.now() + pause;
      await storeNewPlan(
        db,
        conversationId,
        { ...built.plan, inflight: null, nextAt },
        built.usage,
      );
      await scheduleNext(ctx, to, first, nextAt);
      return;
    }
    plan = { ...built.plan, inflight: { index: 0, at: Date.now() } };
    await storeNewPlan(db, conversationId, plan, built.usage);
    fresh = true;
  }

  const to = { conversationId, client, target, number: sendNumber(meta.replyJid), provider };
  const sent = await sendParts(ctx, to, plan, fresh);
  if (sent === 'stopped') return;
  const done = await finishTurn(db, conversationId, sent.last);
  if (done?.more) await enqueueReply(ctx, conversationId, done.dueAt);
}
