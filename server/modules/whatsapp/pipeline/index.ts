/**
 * The WhatsApp message pipeline: its queues, workers, sweep and store. One customer message, from
 * the gateway's webhook to our answer, visits each step once, in this order:
 *
 * 1. webhook route (`../webhook.routes.ts`): authenticates the delivery (instance secret, or the
 *    owner's session for the test tool), normalises it to envelopes, and `InboxWriter`
 *    (`inbox-writer.ts`) stores it in webhook_inbox before the 200.
 * 2. inbox queue (`queues.ts`, `enqueueInbox`): one job per batch of stored deliveries; the inbox
 *    worker (`workers.ts`) takes them in the order they were stored.
 * 3. inbox dispatcher (`inbox.ts`, `processInboxBatch`): each delivery to the handler of its kind.
 * 4. event handler (`events/`): `customer-message.ts` stores the message and makes the
 *    conversation's reply due (also `owner-message.ts` for takeover by the core's takeover rule,
 *    `own-send.ts`, `message-receipt.ts` for the delivery state of what we sent,
 *    `connection-update.ts`, `qr-update.ts`).
 * 5. reply queue (`queues.ts`, `enqueueReplies`): one job per conversation, starting once the
 *    debounce window has passed; the reply worker (`workers.ts`) runs it.
 * 6. reply (`reply.ts`, `runReply`): plan (`plan.ts`: media, transcription, the model, the parts)
 *    → send (`send.ts`: each part when its typing pause is over; the pause is scheduled, the job
 *    ends and comes back) → finish the turn; failures after the last retry in `recovery.ts`. Out
 *    of the agent's business hours the owner's choice applies (the `out-of-hours` module, ADR
 *    0028): the period's notice added once, or sent alone with the turn due at the opening.
 * 7. gateway (`gateway.ts`, `gatewayFor`): the client whose `sendText` delivers each part.
 *
 * A person's message from the inbox goes out through `person-send.ts` (`sendPersonMessage`); its
 * echo is claimed there too (`claimPersonEcho`), so it is stored once and pauses the bot once.
 *
 * Every SQL statement of the pipeline is in a store: what writes conversations and messages in
 * the conversation core's (`conversations/store/`, through its face), the rest in `store/`.
 * `sweep.ts` queues again what a crash left stored but not queued.
 */
export { WHATSAPP_QUEUE_OPTIONS, WHATSAPP_QUEUES } from './queues';
export { typingPauseMs } from './send';
export { firstPartDueAt } from './reply';
export { evolutionChannel } from './channel';
export { eraseDeliveriesOf } from './store/store-inbox';
export { registerWhatsappJobs } from './workers';
