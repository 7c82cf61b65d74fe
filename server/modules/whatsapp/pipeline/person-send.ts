import type { AppContext } from '../../../app-context';
import type { AppDb } from '../../../db/client';
import type { InboundContent } from '../inbound-message';
import { isConnectedStatus } from '../whatsapp-shared';
import { closedWindow, lineFor, type ClosedWindow } from './line';
import { targetInstanceStatus, unsentPersonMessages } from './store/store-person';
import {
  metaOf,
  type ConversationRow,
  claimGatewayId,
  type PersonOutgoing,
} from '../../conversations';

/**
 * A message a person of the business writes in the inbox, sent from the business
 * number through the conversation's gateway instance. The message row is stored first (pending,
 * no gateway id) by the caller; `sendPersonMessage` sends it, and the gateway's echo of it
 * (`send.message`, or a `messages.upsert` with fromMe) is recognised by `claimPersonEcho` — never
 * stored a second time, never read as the owner typing on the phone.
 */

/** Whether the instance the conversation's replies go through is connected now. */
export async function whatsappLineConnected(
  db: AppDb,
  row: Pick<ConversationRow, 'metadata'>,
): Promise<boolean> {
  const meta = metaOf(row);
  const target = meta.target;
  if (!target || !meta.replyJid) return false;
  const status = await targetInstanceStatus(db, target);
  return target.kind === 'agent' ? isConnectedStatus(status) : status === 'connected';
}

/**
 * Sends the person's message to the contact through the conversation's line: a text, or a file
 * (its type and name, the text as caption). Past the customer's 24 hours on the official line a
 * person's message is refused (CLOUD_WINDOW_CLOSED: the inbox asks for an approved template);
 * a message the business starts (`afterWindow` 'template') goes in the notice template. Resolves to the line's message id; a line failure is
 * thrown as is (a GatewayError).
 */
export async function sendPersonMessage(
  ctx: AppContext,
  row: Pick<ConversationRow, 'id' | 'metadata'>,
  out: PersonOutgoing,
  afterWindow: ClosedWindow = 'refuse',
): Promise<string> {
  const meta = metaOf(row);
  if (!meta.target || !meta.replyJid) throw new Error('conversation without a WhatsApp target');
  const line = await lineFor(ctx, meta.target);
  const closed = await closedWindow(ctx.database.db, meta.target, row.id, afterWindow);
  if (!out.file) return line.sendText(meta.replyJid, out.text, null, closed);
  return line.sendFile(meta.replyJid, out.file, out.text, null, closed);
}

/**
 * The gateway's echo of a person's message sent from the inbox whose answer we have not
 * recorded yet (in flight, or failed by a time-out although it went out): the oldest such
 * message of the conversation with the same text (or caption, or a file for a document) takes
 * the echo's id and is marked sent. Resolves to whether the echo was one of them.
 */
export async function claimPersonEcho(
  db: AppDb,
  conversationId: number,
  content: InboundContent,
  gatewayMessageId: string,
): Promise<boolean> {
  const candidates = await unsentPersonMessages(db, conversationId);
  const same = (text: string | null | undefined, stored: string) =>
    (text ?? '').trim() === stored.trim();
  const match = candidates.find((m) => {
    if (content.kind === 'text') return m.kind === 'text' && same(content.text, m.content);
    if (content.kind === 'image') return m.kind === 'image' && same(content.caption, m.content);
    return m.kind === 'file';
  });
  if (!match) return false;
  return claimGatewayId(db, match.id, gatewayMessageId);
}
