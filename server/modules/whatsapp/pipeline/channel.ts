import { customerMessageMedia } from './customer-media';
import { sendPersonMessage, whatsappLineConnected } from './person-send';
import { enqueueReply } from './queues';
import { whatsappTakeoverLog } from './takeover-log';
import type { ConversationChannel } from '../../conversations';

/**
 * WhatsApp through an Evolution gateway as a channel of the conversation core: takeovers logged
 * as the instance's events, what waited answered by the reply queue, a person's message sent
 * from the business number while the number is connected.
 */
export const evolutionChannel: ConversationChannel = {
  takeoverLog: whatsappTakeoverLog,
  answerWaiting: (ctx, row) => enqueueReply(ctx, row.id, null),
  turnsFail: true,
  personDelivery: 'sent',
  canSend: whatsappLineConnected,
  sendPerson: sendPersonMessage,
  customerMedia: (ctx, row, message) =>
    customerMessageMedia(ctx, row, {
      gatewayMessageId: message.channelMessageId,
      kind: message.kind,
    }),
};
