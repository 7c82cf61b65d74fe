import type { AppContext } from '../../../app-context';
import { GatewayError } from '../../../adapters/gateway/gateway-error';
import { AppError } from '../../../lib/errors';
import { translate } from '../../../lib/i18n';
import { enqueueReply } from './queues';
import { partRef, type WhatsappLine } from './line';
import { deadLetterMessages, echoWaiting, refWaiting } from './store/store-inbox';
import { recordEvent } from './store/store-instances';
import {
  clearReplyDue,
  readConversation,
  setPlan,
  withConversationLock,
  metaOf,
  type ConversationRow,
  type PipelineTarget,
  type ReplyPlan,
  pendingUserMessages,
  setMessagesStatus,
} from '../../conversations';

/** How long a part whose send may have gone out waits for the gateway's echo before resending. */
const ECHO_WAIT_MS = 15_000;
/** Looked at again this soon when its echo is stored but not read yet. */
const ECHO_RECHECK_MS = 2_000;
/**
 * The wait counts from this process's start at the earliest: after a crash, the echoes of parts
 * sent just before it wait in the inbox behind the redelivered backlog, and resending before
 * they are read would answer twice.
 */
const PROCESS_STARTED_AT = Date.now();

/**
 * Whether part `index` may be sent now. When the last attempt may have sent it (in flight), the
 * gateway's echo is given time to arrive, and to be read when it is already stored: until then
 * the reply job is queued again for later and this resolves false.
 */
export async function readyToResend(
  ctx: AppContext,
  to: { conversationId: number; target: PipelineTarget; line: Pick<WhatsappLine, 'confirms'> },
  plan: ReplyPlan,
  index: number,
): Promise<boolean> {
  if (plan.inflight?.index !== index) return true;
  const waitFrom = Math.max(plan.inflight.at, PROCESS_STARTED_AT);
  const waited = Date.now() - waitFrom >= ECHO_WAIT_MS;
  const db = ctx.database.db;
  // An Evolution send comes back as an echo of its text; a Cloud API send as a status with its ref.
  const confirmation = () =>
    to.line.confirms === 'ref'
      ? refWaiting(db, to.target, partRef(to.conversationId, index, plan.inflight!.at))
      : echoWaiting(db, to.target, plan.parts[index]!.text);
  if (waited && !(await confirmation())) return true;
  const next = waited ? Date.now() + ECHO_RECHECK_MS : waitFrom + ECHO_WAIT_MS;
  await enqueueReply(ctx, to.conversationId, new Date(next));
  return false;
}

/**
 * The owner does not serve customers (no trialing or active subscription, or the agent beyond
 * the plan's agent limit). Nothing the customer sent is lost: the waiting messages stay in the
 * conversation, marked ignored with the pt-BR reason the owner sees there, and a 'failed' event
 * says why. The model is not asked and nothing is sent. They are not answered later either
 * (retry only takes failed turns): after subscribing, the agent answers the next message.
 */
export async function ignoreTurn(
  ctx: AppContext,
  conversation: ConversationRow,
  target: PipelineTarget,
) {
  const db = ctx.database.db;
  const error = translate('whatsapp.pipeline.subscriptionInactive', 'pt-BR');
  const ignored = await withConversationLock(db, conversation.id, async (tx) => {
    const pending = await pendingUserMessages(tx, conversation.id);
    await setMessagesStatus(
      tx,
      pending.map((m) => m.id),
      'ignored',
      error,
    );
    await clearReplyDue(tx, conversation.id);
    return pending.length;
  });
  if (ignored) {
    await recordEvent(db, target, 'failed', {
      contact: conversation.contactId,
      conversationId: conversation.id,
      reason: 'subscription',
      messages: ignored,
    });
  }
}

function errorCode(err: unknown): string {
  if (err instanceof AppError || err instanceof GatewayError) return err.code;
  return 'INTERNAL';
}

/**
 * After the last retry: the turn's messages are marked failed with a pt-BR reason (shown in the
 * conversation), a 'failed' event is recorded and their deliveries are dead-lettered.
 */
export async function failReply(ctx: AppContext, conversationId: number, err: unknown) {
  const db = ctx.database.db;
  const conversation = await readConversation(db, conversationId);
  if (!conversation) return;
  const meta = metaOf(conversation);
  const code = errorCode(err);
  const reason = translate(`codes.${code}`, 'pt-BR');
  const error = translate('whatsapp.pipeline.failed', 'pt-BR', { reason });
  const ids =
    meta.plan?.messageIds ?? (await pendingUserMessages(db, conversationId)).map((m) => m.id);
  await setMessagesStatus(db, ids, 'failed', error);
  await setPlan(db, conversationId, null);
  await clearReplyDue(db, conversationId, true);
  if (meta.target) {
    await recordEvent(db, meta.target, 'failed', {
      contact: conversation.contactId,
      conversationId,
      code,
    });
    await deadLetterMessages(db, meta.target, ids, code);
  }
}
