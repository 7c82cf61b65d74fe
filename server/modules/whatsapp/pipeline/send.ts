import type { AppContext } from '../../../app-context';
import { GatewayError } from '../../../adapters/gateway/gateway-error';
import { synthesizeSpeech } from '../../../adapters/llm/language-model';
import { AppError } from '../../../lib/errors';
import { providerError } from '../../runtime';
import { partRef, type ClosedWindow, type WhatsappLine } from './line';
import type { Provider } from './plan';
import { enqueueReply } from './queues';
import { readyToResend } from './recovery';
import { setPlan, type PipelineTarget, type ReplyPlan, recordSentPart } from '../../conversations';

/** The pause before a part: a person types ~30 characters a second, capped by `cap` (0 = none). */
export function typingPauseMs(cap: number, text: string): number {
  if (cap === 0) return 0;
  return Math.min(cap, 600 + text.length * 33);
}

/** typingPauseMs with this install's cap, WHATSAPP_TYPING_DELAY_MS. */
export function typingDelayMs(ctx: AppContext, text: string): number {
  return typingPauseMs(ctx.config.WHATSAPP_TYPING_DELAY_MS, text);
}

/** Where a turn's parts go, and the owner's provider (looked up once per reply) for voice. */
export interface SendTarget {
  conversationId: number;
  line: WhatsappLine;
  target: PipelineTarget;
  /** the customer's address on the line (conversations.metadata.replyJid) */
  replyJid: string;
  /** the line id of the customer's newest message: the Cloud API's typing marks it read */
  inboundId: string | null;
  /** past the customer's 24 hours on the official line: the parts go in the notice template */
  closed?: ClosedWindow | undefined;
  provider: () => Promise<Provider>;
}

/** A due part is sent this close to its time rather than scheduled again. */
export const DUE_SLACK_MS = 50;

/**
 * The contact sees "typing…" (or "recording…" before a voice part) for `pause` ms, while no job
 * waits: the gateway holds this call for the pause, so it is not awaited. It is only a presence —
 * if it fails, the part still goes out when due.
 */
export function showTyping(
  to: SendTarget,
  kind: ReplyPlan['parts'][number]['kind'],
  pause: number,
) {
  to.line.typing(to.replyJid, kind, pause, to.inboundId);
}

/**
 * When the next part becomes due after `pause` ms: it is recorded on the plan, the contact sees
 * "typing…" meanwhile, and the reply job is queued for that moment. The job that scheduled it
 * ends, so a pause never holds a worker.
 */
async function scheduleNext(
  ctx: AppContext,
  to: SendTarget,
  part: ReplyPlan['parts'][number],
  nextAt: number,
) {
  showTyping(to, part.kind, nextAt - Date.now());
  await enqueueReply(ctx, to.conversationId, new Date(nextAt));
}

/** One part to the contact, at once: its typing pause was shown while it waited to be due. */
async function sendPart(
  ctx: AppContext,
  to: SendTarget,
  part: ReplyPlan['parts'][number],
  ref: string,
): Promise<string> {
  const { line, replyJid } = to;
  if (part.kind === 'audio') {
    const provider = await to.provider();
    if (!provider) throw new AppError('VOICE_NEEDS_PROVIDER');
    let audio: string;
    try {
      audio = await synthesizeSpeech(provider, part.text);
    } catch (err) {
      throw providerError(err, 'tts-1');
    }
    return line.sendAudio(replyJid, audio, ref, to.closed);
  }
  return line.sendText(replyJid, part.text, ref, to.closed);
}

/** What a call of sendParts did: the parts it sent, and whether the turn can be finished. */
export type SendOutcome =
  | { stopped: true; sent: number }
  | { stopped: false; sent: number; last: { index: number; gatewayMessageId: string } | null };

/**
 * Sends the plan's parts that are due, in order, recording each as it goes so a retry resumes
 * where the last attempt stopped. A part with a typing pause is not waited for here: the pause
 * is scheduled (scheduleNext) and this job ends. A plan made by this job (`fresh`) is stored with
 * its first part in flight: no read before that part. Resolves to the last part, sent but not
 * recorded yet (null when every part was already recorded, by their echoes), for the turn to
 * finish with; or to `stopped` when the plan is gone, the next part is not due yet, or the job
 * waits for an echo (queued again in the last two cases). `sent`: how many parts this call sent.
 */
export async function sendParts(
  ctx: AppContext,
  to: SendTarget,
  first: ReplyPlan,
  fresh: boolean,
): Promise<SendOutcome> {
  const db = ctx.database.db;
  let sent = 0;
  const stopped = (): SendOutcome => ({ stopped: true, sent });
  const { conversationId } = to;
  let plan = first;
  // Whether part `plan.sent` is marked in flight by this job already. The caller has just read
  // `first`; a later part's plan comes back from recording the one before, under the
  // conversation's lock (so a person who took over meanwhile stops the rest).
  let claimed = fresh;
  for (let i = plan.sent; i < plan.parts.length; i++) {
    if (!claimed) {
      if (plan.nextAt && plan.nextAt > Date.now() + DUE_SLACK_MS) {
        await enqueueReply(ctx, conversationId, new Date(plan.nextAt));
        return stopped();
      }
      if (!(await readyToResend(ctx, to, plan, i))) return stopped();
      plan = { ...plan, inflight: { index: i, at: Date.now() } };
      await setPlan(db, conversationId, plan);
    }
    let gatewayId: string;
    try {
      const ref = partRef(conversationId, i, plan.inflight?.at ?? 0);
      gatewayId = await sendPart(ctx, to, plan.parts[i]!, ref);
    } catch (err) {
      // A clear refusal means nothing went out; a time-out may have sent it (echo decides).
      if (!(err instanceof GatewayError && err.details.uncertain)) {
        await setPlan(db, conversationId, { ...plan, inflight: null });
      }
      throw err;
    }
    sent += 1;
    if (i === plan.parts.length - 1) {
      return { stopped: false, sent, last: { index: i, gatewayMessageId: gatewayId } };
    }
    const next = plan.parts[i + 1]!;
    const pause = typingDelayMs(ctx, next.text);
    if (pause === 0) {
      const recorded = await recordSentPart(db, conversationId, i, gatewayId, { sendNow: true });
      if (!recorded) return stopped();
      plan = recorded;
      claimed = true;
      continue;
    }
    const nextAt = Date.now() + pause;
    await recordSentPart(db, conversationId, i, gatewayId, { nextAt });
    await scheduleNext(ctx, to, next, nextAt);
    return stopped();
  }
  return { stopped: false, sent, last: null };
}
