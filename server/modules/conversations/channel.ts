import type { InboxConversationDetail } from '@common/schemas/inbox';
import type { AppContext } from '../../app-context';
import type { AppDb } from '../../db/client';
import type { Channel } from '../runtime';
import type { ConversationRow } from './conversations.repo';
import type { ChannelLog } from './takeover';

/** A person's message from the inbox as a channel delivers it: its text (a caption) and file. */
export interface PersonOutgoing {
  text: string;
  file: { data: Buffer; mimetype: string; fileName: string } | null;
}

/**
 * What the core and the owner's features above it ask of a channel, for a conversation of it
 * (`conversations.channel`). A channel's own transport — its webhook or request in, the customer's
 * words handed to the turn runner (`answerTurn`, `chatReply`), its reply out, typing, delivery
 * states — is its own business; what others need of it goes through here, so the inbox, the
 * takeover rule and the next channel never branch on a channel's name. Every channel has one,
 * set in the composition root (`server/composition.ts`, `ctx.hooks.channels`);
 * docs/architecture.md walks a message through one.
 */
export interface ConversationChannel {
  /** where the channel logs who answers (WhatsApp's instance events); null: it keeps no log */
  takeoverLog(row: ConversationRow): ChannelLog | null;
  /**
   * The bot may answer again (a resume, a retry of failed turns): the customer's messages that
   * waited get their turn. A channel that answers on the customer's request only (the widget)
   * has nothing waiting: the next message is answered with them in memory.
   */
  answerWaiting(ctx: AppContext, row: ConversationRow): Promise<void>;
  /**
   * Whether a turn can fail and wait for a retry: a channel that answers in background jobs
   * (WhatsApp's reply job, after its last attempt). A request channel's failure is its request's.
   */
  turnsFail: boolean;
  /**
   * How a person's message from the inbox reaches the customer: 'sent' through the channel
   * (stored pending, then `sendPerson`), or 'live': stored as delivered, and the customer's open
   * page is woken on VISITOR_MESSAGES_CHANNEL when it commits (the widget).
   */
  personDelivery: 'sent' | 'live';
  /** whether a person's message can go out now (WhatsApp: the number is connected) */
  canSend(db: AppDb, row: ConversationRow): Promise<boolean>;
  /**
   * Whether a person's free-form message is past what the channel allows now: the official
   * WhatsApp line's 24 hours after the customer's last message, when only an approved template
   * may go. A channel without such a window never is.
   */
  windowClosed(db: AppDb, row: ConversationRow): Promise<boolean>;
  /**
   * The channel's window as the inbox shows it — whether it has closed, and the approved
   * templates a person may send then — or null for a channel without one.
   */
  window(ctx: AppContext, row: ConversationRow): Promise<InboxConversationDetail['window']>;
  /**
   * Sends an approved template (one of `window`'s) with its variables; resolves to the channel's
   * id of it. A channel without templates never gets here (`window` is null).
   */
  sendTemplate(
    ctx: AppContext,
    row: ConversationRow,
    template: { id: number; params: string[] },
  ): Promise<string>;
  /** sends a stored person's message; resolves to the channel's id of it */
  sendPerson(ctx: AppContext, row: ConversationRow, out: PersonOutgoing): Promise<string>;
  /**
   * A customer's voice message or photo the channel holds (by the channel's id of the message),
   * for the owner: its type decided by its bytes; null when it has none or it cannot be read. A
   * transport failure is thrown as the channel's error.
   */
  customerMedia(
    ctx: AppContext,
    row: ConversationRow,
    message: { channelMessageId: string; kind: 'audio' | 'image' },
  ): Promise<{ data: Buffer; mimetype: string } | null>;
}

/**
 * Every channel of the app by its `conversations.channel` name: one for each name a turn may
 * have (the runtime's `Channel`), so a channel added there and not composed does not compile.
 */
export type ChannelRegistry = Readonly<Record<Channel, ConversationChannel>>;

/** The channel of a conversation; a row of a name no channel has is a programming error. */
export function channelOf(ctx: AppContext, row: Pick<ConversationRow, 'channel'>) {
  const channels: Readonly<Record<string, ConversationChannel | undefined>> = ctx.hooks.channels;
  const channel = channels[row.channel];
  if (!channel) throw new Error(`no channel "${row.channel}" is composed`);
  return channel;
}

/**
 * A channel whose replies go back on the customer's request (the widget, the test console):
 * nothing logs takeovers, nothing waits to be answered, a person's message is live.
 */
export const REQUEST_CHANNEL: ConversationChannel = {
  takeoverLog: () => null,
  answerWaiting: async () => {},
  turnsFail: false,
  personDelivery: 'live',
  canSend: async () => true,
  windowClosed: async () => false,
  window: async () => null,
  sendTemplate: () => Promise.reject(new Error('this channel has no templates')),
  sendPerson: () => Promise.reject(new Error('a person’s message on this channel is live')),
  // A visitor sends text only; a file they see is a person's, kept in message_files.
  customerMedia: async () => null,
};
