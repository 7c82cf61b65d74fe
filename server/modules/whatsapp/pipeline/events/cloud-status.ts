import type { InboxDelivery } from '@common/schemas/inbox';
import type { AppDb } from '../../../../db/client';
import type { DeliveryOutcome, InboxPayload, InboxRow } from '../store/store-inbox';
import { canonicalPhone } from '../../phone';
import { recordEvent } from '../store/store-instances';
import {
  advanceDelivery,
  conversationIdOf,
  conversationMetadata,
  gatewayIdKnown,
  metaOf,
  recordChannelPricing,
  recordSentPart,
} from '../../../conversations';

/**
 * The recipient's market, for Meta's per-country rates: a business-scoped id starts with its
 * country ("BR.…"); a phone starting with 55 is Brazil's; otherwise unknown (priced as '*').
 */
function marketOf(
  status: Pick<CloudStoredStatus, 'recipientId' | 'recipientUserId'>,
): string | null {
  const prefix = /^([A-Z]{2})\./.exec(status.recipientUserId ?? '')?.[1];
  if (prefix) return prefix;
  return status.recipientId?.startsWith('55') ? 'BR' : null;
}

/** `webhook_inbox.payload.data` of a 'cloud.status' delivery (the adapter's status, as parsed). */
export interface CloudStoredStatus {
  id: string;
  status: 'sent' | 'delivered' | 'read' | 'failed' | 'played';
  timestamp: number | null;
  recipientId: string | null;
  recipientUserId: string | null;
  /** our biz_opaque_callback_data: `part:<conversation>:<index>:<inflight at>` for a reply part */
  ref: string | null;
  pricing: { type: string | null; category: string | null; billable: boolean | null } | null;
  errors: { code: number; title: string | null }[];
}

/** A played voice note was heard, so it was read; `failed` is told apart (below). */
const DELIVERY_OF: Record<Exclude<CloudStoredStatus['status'], 'failed'>, InboxDelivery> = {
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  played: 'read',
};

/**
 * A status of a reply part whose send answer we never recorded (a crash or time-out after Meta
 * accepted it): its `ref` names the part, and when that part is still the one in flight it is
 * recorded as sent with this wamid — as an Evolution echo records it — so it is never sent twice.
 */
async function claimPart(db: AppDb, agentId: number, ref: string, wamid: string) {
  const match = /^part:(\d+):(\d+):(\d+)$/.exec(ref);
  if (!match) return false;
  const [conversationId, index, at] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const row = await conversationMetadata(db, conversationId);
  const meta = row ? metaOf(row) : null;
  const plan = meta?.plan;
  if (!plan?.inflight || meta?.target?.agentId !== agentId) return false;
  if (plan.inflight.index !== index || plan.inflight.at !== at) return false;
  return (await recordSentPart(db, conversationId, index, wamid)) !== null;
}

/**
 * A Cloud API status: one of our messages moves forward to sent, delivered or read, never back
 * (Meta does not keep their order). A failure after Meta accepted a message (say 131026, the
 * number cannot receive) is logged on the line with its code for the owner's activity card.
 */
export async function handleCloudStatus(
  db: AppDb,
  payload: InboxPayload,
  row: InboxRow,
  changed: Set<number>,
): Promise<DeliveryOutcome> {
  const status = payload.data as CloudStoredStatus;
  const { target } = payload;
  if (!(await gatewayIdKnown(db, status.id))) {
    const claimed = status.ref ? await claimPart(db, target.agentId, status.ref, status.id) : false;
    if (!claimed) return { status: 'ignored', error: 'unknown-message' };
  }
  if (status.pricing) {
    await recordChannelPricing(db, {
      agentId: target.agentId,
      gatewayMessageId: status.id,
      pricing: {
        category: status.pricing.category,
        type: status.pricing.type,
        country: marketOf(status),
      },
    });
  }
  if (status.status === 'failed') {
    const contact = status.recipientId
      ? canonicalPhone(status.recipientId)
      : status.recipientUserId && `bsuid:${status.recipientUserId}`;
    const conversationId = contact ? await conversationIdOf(db, target.agentId, contact) : null;
    await recordEvent(db, target, 'failed', {
      contact,
      conversationId,
      code: status.errors[0]?.code ?? null,
      wamid: status.id,
    });
    return { status: 'done' };
  }
  const advance = await advanceDelivery(db, {
    agentId: target.agentId,
    gatewayMessageId: status.id,
    delivery: DELIVERY_OF[status.status],
    at: row.receivedAt,
  });
  if (advance.result === 'changed') {
    changed.add(advance.conversationId);
    return { status: 'done' };
  }
  return { status: 'ignored', error: advance.result };
}
