import { templateText } from '@common/schemas/whatsapp';
import type { InboxMessage } from '@common/schemas/inbox';
import type { AppContext } from '../../app-context';
import { GatewayError } from '../../adapters/gateway/gateway-error';
import { AppError } from '../../lib/errors';
import { translate } from '../../lib/i18n';
import {
  insertPersonMessage,
  keepMessageFile,
  markPersonMessageFailed,
  markPersonMessageSent,
  messageFile,
  messageRow,
  takeForRetry,
  takeover,
  channelOf,
  type ConversationChannel,
  type PersonOutgoing,
} from '../conversations';
import { settingsOfAgent } from '../whatsapp';
import { takeoverSubject } from './conversations.service';
import { publishConversationEvents } from '../events';
import { customerMedia, interruptedSend, toInboxMessage, type MessageRow } from './inbox-view';
import { ownedConversation } from './inbox.repo';
import type { ReplyFile } from './reply-file';

/**
 * A person of the business answers from the inbox. The message is stored first; on
 * WhatsApp it then goes out from the business number through the agent's gateway instance
 * (pending → sent with the gateway's id, or failed with the reason, to retry), on the website it
 * reaches the visitor's open widget live (and is in its history). Either way the bot is paused for
 * the contact by the same rule, and for the same time, as a message the owner types on the phone
 * (`takeover`, by 'message': the agent's takeoverMinutes); a handoff stays until "Devolver ao
 * robô", as it does when the owner types on the phone.
 */

type ConversationRow = NonNullable<Awaited<ReturnType<typeof ownedConversation>>>;

async function owned(ctx: AppContext, ownerId: number, conversationId: number) {
  const row = await ownedConversation(ctx.database.db, ownerId, conversationId);
  if (!row) throw new AppError('CONVERSATION_NOT_FOUND');
  return row;
}

/** 404 unless the conversation is the owner's (before a file is read). */
export async function assertOwnConversation(
  ctx: AppContext,
  ownerId: number,
  conversationId: number,
): Promise<void> {
  await owned(ctx, ownerId, conversationId);
}

/** The owner's screens are told (best effort: the message is stored whatever happens here). */
async function announceMessage(ctx: AppContext, conversationId: number) {
  await publishConversationEvents(ctx, 'message', [conversationId]).catch(() => undefined);
}

/** The reason a send failed, as the conversation shows it (pt-BR, no gateway detail). */
function failureText(err: unknown): string {
  const code = err instanceof GatewayError || err instanceof AppError ? err.code : 'GATEWAY_FAILED';
  return translate(`codes.${code}`, 'pt-BR');
}

async function pauseBot(ctx: AppContext, row: ConversationRow) {
  const db = ctx.database.db;
  const settings = await settingsOfAgent(db, row.agentId);
  await takeover(db, takeoverSubject(ctx, row), { pause: true, by: 'message', settings });
}

/** Sends a stored person's message on its channel; its row then says sent (with the channel's id) or failed. */
async function deliver(
  ctx: AppContext,
  row: ConversationRow,
  message: MessageRow,
  out: PersonOutgoing | { template: { id: number; params: string[] } },
): Promise<MessageRow> {
  const db = ctx.database.db;
  const channel = channelOf(ctx, row);
  try {
    const gatewayId =
      'template' in out
        ? await channel.sendTemplate(ctx, row, out.template)
        : await channel.sendPerson(ctx, row, out);
    await markPersonMessageSent(db, message.id, gatewayId);
  } catch (err) {
    if (!(err instanceof GatewayError) && !(err instanceof AppError)) {
      ctx.httpApp?.log.warn({ err, conversationId: row.id }, 'person reply: send failed');
    }
    await markPersonMessageFailed(db, message.id, failureText(err));
  }
  await announceMessage(ctx, row.id);
  return (await messageRow(db, row.id, message.id))!;
}

/**
 * POST /api/conversations/{id}/messages: `text` (a file's caption, when there is a file). A
 * WhatsApp conversation needs its instance connected (409 otherwise, nothing stored).
 */
export async function sendPersonReply(
  ctx: AppContext,
  ownerId: number,
  conversationId: number,
  input: { text: string; file: ReplyFile | null },
): Promise<InboxMessage> {
  const db = ctx.database.db;
  const row = await owned(ctx, ownerId, conversationId);
  const channel = channelOf(ctx, row);
  const sent = channel.personDelivery === 'sent';
  if (sent && !(await channel.canSend(db, row))) {
    throw new AppError('REPLY_WHATSAPP_DISCONNECTED');
  }
  // Past the customer's 24 hours on the official line only an approved template may go.
  if (sent && (await channel.windowClosed(db, row))) throw new AppError('CLOUD_WINDOW_CLOSED');
  const message = await insertPersonMessage(
    db,
    {
      conversationId: row.id,
      text: input.text,
      status: sent ? 'pending' : 'done',
      file: input.file,
    },
    !sent,
  );
  // Paused before it goes out: the bot never answers in between.
  await pauseBot(ctx, row);
  await announceMessage(ctx, row.id);
  if (!sent) return toInboxMessage(message);
  return toInboxMessage(await deliver(ctx, row, message, { text: input.text, file: input.file }));
}

/**
 * POST /api/conversations/{id}/template: one of the approved templates of the conversation's
 * official number, its variables filled in — what a person may send once the customer's 24 hours
 * have passed (and at any time). Stored as the person's message, with the text the customer
 * reads; pauses the bot like any person's reply. 404 for a template that is not this number's,
 * 409 before Meta approved it, 400 when a variable is missing.
 */
export async function sendPersonTemplate(
  ctx: AppContext,
  ownerId: number,
  conversationId: number,
  input: { templateId: number; params: string[] },
): Promise<InboxMessage> {
  const db = ctx.database.db;
  const row = await owned(ctx, ownerId, conversationId);
  const channel = channelOf(ctx, row);
  const window = await channel.window(ctx, row);
  if (!window) throw new AppError('WHATSAPP_TEMPLATE_NOT_FOUND');
  if (!(await channel.canSend(db, row))) throw new AppError('REPLY_WHATSAPP_DISCONNECTED');
  const template = window.templates.find((t) => t.id === input.templateId);
  if (!template) throw new AppError('WHATSAPP_TEMPLATE_NOT_FOUND');
  if (input.params.length !== template.variables) throw new AppError('WHATSAPP_TEMPLATE_PARAMS');
  const text = templateText(template.body, input.params);
  const message = await insertPersonMessage(
    db,
    { conversationId: row.id, text, status: 'pending', file: null },
    false,
  );
  await pauseBot(ctx, row);
  await announceMessage(ctx, row.id);
  const out = { template: { id: template.id, params: input.params } };
  return toInboxMessage(await deliver(ctx, row, message, out));
}

/**
 * POST /api/conversations/{id}/messages/{messageId}/retry: a failed person's message (or one whose
 * send was interrupted) is sent again — unless its gateway id is known (its echo showed it went out after all), or another
 * retry took it: then it is answered as it is, never sent twice.
 */
export async function retryPersonReply(
  ctx: AppContext,
  ownerId: number,
  conversationId: number,
  messageId: number,
): Promise<InboxMessage> {
  const db = ctx.database.db;
  const row = await owned(ctx, ownerId, conversationId);
  const message = await messageRow(db, row.id, messageId);
  if (!message || message.role !== 'human') throw new AppError('MESSAGE_NOT_FOUND');
  const channel = channelOf(ctx, row);
  if (channel.personDelivery !== 'sent') return toInboxMessage(message);
  if (message.gatewayMessageId !== null) return toInboxMessage(message);
  if (message.status !== 'failed' && !interruptedSend(message)) return toInboxMessage(message);
  if (!(await channel.canSend(db, row))) throw new AppError('REPLY_WHATSAPP_DISCONNECTED');
  if (await channel.windowClosed(db, row)) throw new AppError('CLOUD_WINDOW_CLOSED');
  if (!(await takeForRetry(db, message.id))) {
    return toInboxMessage((await messageRow(db, row.id, message.id))!);
  }
  const file = await messageFile(db, row.id, message.id);
  await pauseBot(ctx, row);
  await announceMessage(ctx, row.id);
  return toInboxMessage(
    await deliver(ctx, row, message, {
      text: message.content,
      file: file ? { data: file.data, mimetype: file.mimetype, fileName: file.fileName } : null,
    }),
  );
}

/** The name a customer's media is downloaded under: what it is, and the extension of its type. */
const customerFileName = (kind: 'audio' | 'image', mimetype: string) =>
  `${translate(`inbox.customerFile.${kind}`, 'pt-BR')}.${mimetype.split('/')[1] ?? 'bin'}`;

/**
 * GET …/messages/{messageId}/file: the file of a message of the owner's conversation — a person's
 * upload, or a WhatsApp customer's voice message or photo (fetched from the gateway the first
 * time, then kept).
 */
export async function conversationMessageFile(
  ctx: AppContext,
  ownerId: number,
  conversationId: number,
  messageId: number,
) {
  const db = ctx.database.db;
  const row = await owned(ctx, ownerId, conversationId);
  const file = await messageFile(db, row.id, messageId);
  if (file) return file;
  const message = await messageRow(db, row.id, messageId);
  if (!message || !customerMedia(message)) throw new AppError('MESSAGE_NOT_FOUND');
  const kind = message.kind as 'audio' | 'image';
  let media: Awaited<ReturnType<ConversationChannel['customerMedia']>>;
  try {
    media = await channelOf(ctx, row).customerMedia(ctx, row, {
      channelMessageId: message.gatewayMessageId!,
      kind,
    });
  } catch (err) {
    if (err instanceof GatewayError) throw err.toAppError();
    throw err;
  }
  if (!media) throw new AppError('MEDIA_UNAVAILABLE');
  const kept = { ...media, fileName: customerFileName(kind, media.mimetype) };
  await keepMessageFile(db, message.id, kept);
  return kept;
}
