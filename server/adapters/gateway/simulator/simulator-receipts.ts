import type { SimContext } from './simulator-context';
import * as repo from './simulator.repo';
import type { SimInstance, SimMessage } from './simulator.repo';

/** How long the simulated contact's phone (always online) takes to acknowledge a message. */
export const DELIVERY_ACK_DELAY_MS = 300;

type ReceiptStatus = 'DELIVERY_ACK' | 'READ';

/**
 * The receipts the real gateway sends as MESSAGES_UPDATE for what the business number sent,
 * through the API or typed on the phone, one webhook per message:
 * - DELIVERY_ACK a moment after the send, once the contact's phone has the message;
 * - READ for every message of the chat not read yet, when the contact opens it: when they write
 *   back (nobody answers without opening the chat) or through `POST /_sim/{instance}/read`.
 * SERVER_ACK and PLAYED are not simulated (the send's answer already means the server has it).
 * Like the gateway's, these deliveries are not ordered: a quick answer's READ can arrive before
 * its DELIVERY_ACK. The stored status (`data.status`, the gateway's Message.status) only moves
 * forward.
 */
export class SimReceipts {
  constructor(private readonly sim: SimContext) {}

  /** The contact's phone received `message`: its DELIVERY_ACK, after DELIVERY_ACK_DELAY_MS. */
  async delivered(instance: SimInstance, message: SimMessage) {
    await repo.setMessageStatus(this.sim.db, instance.name, [message.keyId], 'DELIVERY_ACK');
    this.sim.dispatcher.emit(
      instance,
      'MESSAGES_UPDATE',
      receipt(instance, message, 'DELIVERY_ACK'),
      {
        delayMs: DELIVERY_ACK_DELAY_MS,
      },
    );
  }

  /** The contact opened the chat: every message to them not read yet is. Resolves to how many. */
  async read(instance: SimInstance, remoteJid: string): Promise<number> {
    const unread = await repo.unreadOutgoing(this.sim.db, instance.name, remoteJid);
    const keyIds = unread.map((message) => message.keyId);
    await repo.setMessageStatus(this.sim.db, instance.name, keyIds, 'READ');
    for (const message of unread) {
      this.sim.dispatcher.emit(instance, 'MESSAGES_UPDATE', receipt(instance, message, 'READ'));
    }
    return unread.length;
  }
}

/** The gateway's MESSAGES_UPDATE data; `messageId` is its database id, here the row's. */
function receipt(instance: SimInstance, message: SimMessage, status: ReceiptStatus) {
  return {
    messageId: String(message.id),
    keyId: message.keyId,
    remoteJid: message.remoteJid,
    fromMe: true,
    status,
    instanceId: instance.instanceId,
  };
}
