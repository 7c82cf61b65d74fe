import { and, eq } from 'drizzle-orm';
import type { MessageOrigin } from '@common/schemas/inbox';
import type { AppContext } from '../../app-context';
import { conversations, messages, whatsappInstances } from '../../db/schema';
import { echoWaiting } from './pipeline/store/store-inbox';
import { sendPersonMessage, whatsappLineConnected } from './pipeline/person-send';
import { cloudNumberByAgent } from './cloud/cloud-numbers.repo';
import { isConnectedStatus } from './whatsapp-shared';
import {
  abandonMessage,
  claimGatewayId,
  insertBusinessMessage,
  metaOf,
  storeBusinessMessage,
  type PipelineTarget,
} from '../conversations';

/**
 * A message the business starts, outside any turn (an appointment reminder, ADR 0029): stored
 * first in the contact's WhatsApp conversation of the agent — created when the customer never
 * wrote (a booking from the page or the dashboard) — as an assistant message without gateway id,
 * then sent through the agent's connected number. The gateway id recorded after the send (or the
 * echo claimed by `claimPersonEcho` when it came first) says it went out; until then a resend
 * waits for the echo, like the pipeline's recovery.
 */

/** How long a send that may have gone out waits for the gateway's echo before sending again. */
const ECHO_WAIT_MS = 15_000;
const ECHO_RECHECK_MS = 2_000;
/** The echo wait counts from this process's start at the earliest (see pipeline/recovery.ts). */
const PROCESS_STARTED_AT = Date.now();

export interface ContactMessage {
  conversationId: number;
  messageId: number;
}

/** The agent's own WhatsApp number when it is connected: by QR code, or the official one. */
async function connectedLine(ctx: AppContext, agentId: number): Promise<PipelineTarget | null> {
  const official = await cloudNumberByAgent(ctx.database.db, agentId);
  if (official) {
    if (official.status !== 'connected') return null;
    return {
      kind: 'cloud',
      id: official.id,
      agentId,
      instanceName: `cloud:${official.phoneNumberId}`,
    };
  }
  const rows = await ctx.database.db
    .select({
      id: whatsappInstances.id,
      agentId: whatsappInstances.agentId,
      instanceName: whatsappInstances.instanceName,
      status: whatsappInstances.status,
    })
    .from(whatsappInstances)
    .where(eq(whatsappInstances.agentId, agentId))
    .limit(1);
  const row = rows[0];
  if (!row || !isConnectedStatus(row.status)) return null;
  return { kind: 'agent', id: row.id, agentId: row.agentId, instanceName: row.instanceName };
}

/**
 * Stores `text` for the contact `phone` (canonical digits) of the agent's WhatsApp, pending; null
 * when the agent has no connected number (nothing stored).
 */
export async function storeContactMessage(
  ctx: AppContext,
  input: {
    agentId: number;
    phone: string;
    text: string;
    contactName?: string | null;
    origin: MessageOrigin;
  },
): Promise<ContactMessage | null> {
  const target = await connectedLine(ctx, input.agentId);
  if (!target) return null;
  return storeBusinessMessage(ctx.database.db, {
    agentId: input.agentId,
    channel: 'whatsapp',
    contactId: input.phone,
    contactName: input.contactName ?? null,
    meta: { target, replyJid: `${input.phone}@s.whatsapp.net` },
    text: input.text,
    origin: input.origin,
  });
}

/**
 * Stores `text` in an existing WhatsApp conversation (a follow-up, ADR 0031), pending; null when
 * its line is not connected now (nothing stored).
 */
export async function storeConversationMessage(
  ctx: AppContext,
  conversationId: number,
  text: string,
  origin: MessageOrigin,
): Promise<ContactMessage | null> {
  const db = ctx.database.db;
  const rows = await db
    .select({ metadata: conversations.metadata })
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.channel, 'whatsapp')))
    .limit(1);
  if (!rows[0] || !(await whatsappLineConnected(db, rows[0]))) return null;
  const messageId = await insertBusinessMessage(db, conversationId, text, origin);
  return { conversationId, messageId };
}

async function messageAndConversation(ctx: AppContext, messageId: number) {
  const rows = await ctx.database.db
    .select({
      id: conversations.id,
      content: messages.content,
      gatewayMessageId: messages.gatewayMessageId,
      metadata: conversations.metadata,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(eq(messages.id, messageId))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * What became of a stored message: 'sent' (its gateway id is recorded), 'echo-waiting' (its echo
 * is stored but not read yet: it went out), 'unknown' (not known to have gone out), or 'gone'.
 */
export async function contactMessageState(
  ctx: AppContext,
  messageId: number,
): Promise<'sent' | 'echo-waiting' | 'unknown' | 'gone'> {
  const row = await messageAndConversation(ctx, messageId);
  if (!row) return 'gone';
  if (row.gatewayMessageId) return 'sent';
  const target = metaOf(row).target;
  if (target && (await echoWaiting(ctx.database.db, target, row.content))) return 'echo-waiting';
  return 'unknown';
}

/**
 * Sends a stored message through its conversation's line and records the gateway id (unless its
 * echo recorded it first). A gateway failure is thrown; 'gone' when the message was deleted.
 */
export async function sendContactMessage(
  ctx: AppContext,
  messageId: number,
): Promise<'sent' | 'gone'> {
  const row = await messageAndConversation(ctx, messageId);
  if (!row) return 'gone';
  if (row.gatewayMessageId) return 'sent';
  // A reminder or a follow-up after the customer's 24 hours goes in the notice template.
  const gatewayId = await sendPersonMessage(
    ctx,
    row,
    { text: row.content, file: null },
    'template',
  );
  await claimGatewayId(ctx.database.db, messageId, gatewayId);
  return 'sent';
}

/** A stored message that will not be sent (too late now): marked failed, with why. */
export async function abandonContactMessage(ctx: AppContext, messageId: number, error: string) {
  await abandonMessage(ctx.database.db, messageId, error);
}

/** A once-only send's row (a reminder's, a follow-up's) whose message is stored already. */
export interface StoredSend {
  messageId: number;
  /** the last send attempt: the echo wait counts from it */
  attemptAt: Date | null;
}

/** What the row's owner does at each step of resumeContactMessage, on its own row. */
export interface StoredSendSteps {
  markSent(): Promise<void>;
  /** the row ends unsent, with why */
  skip(reason: string): Promise<void>;
  /** the row's job runs again at `at` */
  requeue(at: Date): Promise<void>;
  /** the resend's claim: true for the one attempt that read `attemptAt` */
  claimResend(): Promise<boolean>;
  /** why sending it now would be wrong (the appointment passed, a reply came), or null */
  tooLate(): Promise<{ reason: string; error: string } | null>;
}

/**
 * A once-only send found 'sending' with its message stored (the last attempt crashed, failed or
 * is still on its way): whether that attempt got it out. Sent when the gateway id is recorded or
 * its echo is waiting; otherwise, after ECHO_WAIT_MS from the last attempt (or this process's
 * start) without an echo, sent again by the one attempt that claims it — unless it is too late
 * now, when the stored message is marked failed with why (ADR 0029).
 */
export async function resumeContactMessage(
  ctx: AppContext,
  row: StoredSend,
  steps: StoredSendSteps,
): Promise<'sent' | 'skipped' | 'waiting' | 'none'> {
  const state = await contactMessageState(ctx, row.messageId);
  if (state === 'sent') {
    await steps.markSent();
    return 'sent';
  }
  if (state === 'gone') {
    await steps.skip('message-deleted');
    return 'skipped';
  }
  const waitFrom = Math.max(row.attemptAt?.getTime() ?? 0, PROCESS_STARTED_AT);
  const waited = Date.now() - waitFrom >= ECHO_WAIT_MS;
  if (!waited || state === 'echo-waiting') {
    await steps.requeue(new Date(waited ? Date.now() + ECHO_RECHECK_MS : waitFrom + ECHO_WAIT_MS));
    return 'waiting';
  }
  const late = await steps.tooLate();
  if (late) {
    await abandonContactMessage(ctx, row.messageId, late.error);
    await steps.skip(late.reason);
    return 'skipped';
  }
  if (!(await steps.claimResend())) return 'none';
  await sendContactMessage(ctx, row.messageId);
  await steps.markSent();
  return 'sent';
}
