import { customerMessageMedia } from './customer-media';
import { sendPersonMessage, whatsappLineConnected } from './person-send';
import { enqueueReply } from './queues';
import { whatsappTakeoverLog } from './takeover-log';
import { conversationWindow, sendConversationTemplate } from '../cloud/conversation-templates';
import { closedWindow } from './line';
import { metaOf, type ConversationChannel } from '../../conversations';

/**
 * WhatsApp as a channel of the conversation core, on either line (an Evolution gateway or the
 * official Cloud API: `line.ts`): takeovers logged as the line's events, what waited answered by
 * the reply queue, a person's message sent from the business number while the number is
 * connected — and, on the official line, within the customer's 24 hours.
 */
export const evolutionChannel: ConversationChannel = {
  takeoverLog: whatsappTakeoverLog,
  answerWaiting: (ctx, row) => enqueueReply(ctx, row.id, null),
  turnsFail: true,
  personDelivery: 'sent',
  canSend: whatsappLineConnected,
  windowClosed: async (db, row) => {
    const target = metaOf(row).target;
    return target ? (await closedWindow(db, target, row.id, 'refuse')) !== undefined : false;
  },
  window: conversationWindow,
  sendTemplate: sendConversationTemplate,
  sendPerson: sendPersonMessage,
  customerMedia: (ctx, row, message) =>
    customerMessageMedia(ctx, row, {
      gatewayMessageId: message.channelMessageId,
      kind: message.kind,
    }),
};
