import type { WhatsappSettings } from '@common/schemas/whatsapp';
import type { AppContext } from '../../../app-context';
import { classifyUpsert, type IgnoreReason, type InboundMessage } from '../inbound-message';
import { settingsOfAgent } from '../settings.service';
import { inboundOfCloud, type CloudStored } from './events/cloud-inbound';
import { handleCloudStatus } from './events/cloud-status';
import { handleConnectionUpdate } from './events/connection-update';
import { handleCustomerMessage } from './events/customer-message';
import { handleMessageReceipt } from './events/message-receipt';
import { handleOwnSend } from './events/own-send';
import { handleOwnerMessage } from './events/owner-message';
import { handleQrUpdate } from './events/qr-update';
import {
  markHandled,
  receivedDeliveries,
  type DeliveryOutcome,
  type InboxPayload,
  type InboxRow,
} from './store/store-inbox';
import { publishConversationChanges } from '../../events';
import { enqueueReplies } from './queues';

/** What one batch of deliveries shares: agents' settings read once, reply jobs queued together. */
interface Batch {
  settings: Map<number, WhatsappSettings>;
  /** conversation → when its reply is due */
  replies: Map<number, Date | null>;
  /** conversations that got a message: their owners' screens are told once, at the end */
  changed: Set<number>;
  /** conversations whose messages' delivery state moved (receipts): told once, at the end */
  receipts: Set<number>;
}

async function settingsOf(ctx: AppContext, batch: Batch, agentId: number) {
  let settings = batch.settings.get(agentId);
  if (!settings) {
    settings = await settingsOfAgent(ctx.database.db, agentId);
    batch.settings.set(agentId, settings);
  }
  return settings;
}

/**
 * A message delivery, read by its line (`read`), is the customer's, or (`fromMe`) the owner's on
 * the phone — or on the Business app, under coexistence — or our echo: both lines' messages take
 * the same handlers.
 */
async function handleMessage(
  ctx: AppContext,
  batch: Batch,
  row: InboxRow,
  read: (settings: WhatsappSettings) => InboundMessage | { ignored: IgnoreReason },
): Promise<DeliveryOutcome> {
  const { target } = row.payload as InboxPayload;
  const settings = await settingsOf(ctx, batch, target.agentId);
  const message = read(settings);
  if ('ignored' in message) return { status: 'ignored', error: message.ignored };
  const handler = message.fromMe ? handleOwnerMessage : handleCustomerMessage;
  return handler({
    db: ctx.database.db,
    target,
    message,
    settings,
    replies: batch.replies,
    changed: batch.changed,
    receivedAt: row.receivedAt,
  });
}

/** One stored delivery to the handler of its event kind (events/). */
async function handle(ctx: AppContext, batch: Batch, row: InboxRow): Promise<DeliveryOutcome> {
  const payload = row.payload as InboxPayload;
  const db = ctx.database.db;
  switch (payload.event) {
    case 'messages.upsert':
      return handleMessage(ctx, batch, row, (settings) =>
        classifyUpsert(payload.data, { allowGroups: settings.allowGroups }),
      );
    case 'send.message':
      return handleOwnSend(db, payload);
    case 'messages.update':
      return handleMessageReceipt(db, payload, row, batch.receipts);
    case 'connection.update':
      return handleConnectionUpdate(ctx, payload, row);
    case 'qrcode.updated':
      return handleQrUpdate(db, payload, row);
    case 'cloud.message':
    case 'cloud.echo':
      return handleMessage(ctx, batch, row, () =>
        inboundOfCloud(payload.data as CloudStored, payload.event === 'cloud.echo'),
      );
    case 'cloud.status':
      return handleCloudStatus(db, payload, row, batch.receipts);
    default:
      return { status: 'ignored', error: 'event' };
  }
}

const STATE_EVENTS = new Set(['connection.update', 'qrcode.updated']);

/**
 * The batch's connection and QR events in the order the gateway sent them (its clock, then
 * arrival), in the places those events hold; messages keep their arrival order. Deliveries are
 * concurrent requests, so a QR code sent before the scan can be stored after the connection.
 */
export function stateEventsInGatewayOrder(rows: InboxRow[]): InboxRow[] {
  const isState = (row: InboxRow) => STATE_EVENTS.has((row.payload as InboxPayload).event);
  const key = (row: InboxRow) => (row.payload as InboxPayload).at ?? '';
  const states = rows
    .filter(isState)
    .sort((a, b) => (key(a) === key(b) ? a.id - b.id : key(a) < key(b) ? -1 : 1));
  let next = 0;
  return rows.map((row) => (isState(row) ? states[next++]! : row));
}

/**
 * A batch of stored deliveries → their effects, in the order they were stored (a contact's burst
 * as it was sent). Safe to run twice: every step checks what is done, and deliveries already
 * handled are skipped. When one fails, what came before it is recorded and its replies queued
 * before the error goes up (the job is retried); on the last attempt the failing delivery is
 * marked dead instead, and the rest go on.
 */
export async function processInboxBatch(
  ctx: AppContext,
  inboxIds: number[],
  options: {
    lastAttempt: boolean;
    onDead?: (inboxId: number, err: unknown) => void;
    /** the live refresh of the owners' screens failed (what the batch stored stays) */
    onPublishError?: (err: unknown) => void;
  },
): Promise<void> {
  const rows = stateEventsInGatewayOrder(await receivedDeliveries(ctx.database.db, inboxIds));
  const batch: Batch = {
    settings: new Map(),
    replies: new Map(),
    changed: new Set(),
    receipts: new Set(),
  };
  const outcomes: { id: number; outcome: DeliveryOutcome }[] = [];
  try {
    for (const row of rows) {
      try {
        outcomes.push({ id: row.id, outcome: await handle(ctx, batch, row) });
      } catch (err) {
        if (!options.lastAttempt) throw err;
        options.onDead?.(row.id, err);
        const error = err instanceof Error ? err.message.slice(0, 500) : String(err);
        outcomes.push({ id: row.id, outcome: { status: 'dead', error } });
      }
    }
  } finally {
    await enqueueReplies(ctx, batch.replies);
    await markHandled(ctx.database.db, outcomes);
    // One statement for the batch: a conversation that got a message is read again whole, so a
    // receipt of it adds no second event.
    await publishConversationChanges(ctx, {
      message: batch.changed,
      conversation: batch.receipts,
    }).catch((err: unknown) => options.onPublishError?.(err));
  }
}
