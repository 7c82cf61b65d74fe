/**
 * The conversation core, beneath every channel (WhatsApp, the website widget, the test console)
 * and owned by none: customer conversations and their messages (the one module that writes
 * `conversations`, `messages`, `conversation_events` and `message_files`), the takeover rule (who
 * may answer: `botQuiet`, `takeover`, `handOver`, `agentHandOver`), the one turn runner of every
 * channel (`answerTurn`: input, runtime, after-turn effects; `chatReply` for the channels that
 * answer on the request), a person's messages and their files, and the hooks other modules attach to (`ConversationHooks`, set in
 * server/composition.ts). The owner's inbox is above it (the `inbox` module).
 */
export { chatReply, chatReplyStream, type ChatTurnRequest, type HeldNotice } from './chat-turn';
export {
  channelOf,
  REQUEST_CHANNEL,
  type ChannelRegistry,
  type ConversationChannel,
  type PersonOutgoing,
} from './channel';
export type { ConversationHooks, FixedAnswerTurn } from './conversation-hooks';
export { appendEventOnce } from './conversation-events.repo';
export { hoursNow, noticeOnce, type HoursNow } from './out-of-hours.service';
export { OUT_OF_HOURS_EVENT } from './out-of-hours.repo';
export {
  appendMessages,
  deleteConversation,
  eraseConversations,
  getOrCreateConversation,
  recentTurns,
  type ConversationRow,
} from './conversations.repo';
export { PERSON_SEND_STALE_MS, STORED_FILE, type MessageRow } from './message-shapes';
export { retryFailedTurns, updateConversation } from './owner-changes.repo';
export {
  insertPersonMessage,
  keepMessageFile,
  markPersonMessageFailed,
  markPersonMessageSent,
  messageFile,
  messageRow,
  takeForRetry,
  VISITOR_MESSAGES_CHANNEL,
  type NewPersonMessage,
} from './person-messages.repo';
export { sendStoredFile } from './stored-file';
// The store of a channel that answers in background jobs (WhatsApp's pipeline, and the next one):
// customer messages stored once, the reply due, the plan of parts each recorded once, delivery
// states, the business's own messages outside a turn.
export {
  abandonMessage,
  insertBusinessMessage,
  storeBusinessMessage,
} from './store/store-business';
export {
  clearReplyDue,
  conversationIdOf,
  conversationMetadata,
  overdueConversations,
  readConversation,
  setPlan,
  setReplyDue,
  storeNewPlan,
  upsertConversation,
  withConversationLock,
} from './store/store-conversations';
export { advanceDelivery, type DeliveryAdvance } from './store/store-delivery';
export {
  claimGatewayId,
  gatewayIdKnown,
  lastCustomerMessageAt,
  recordSentPart,
  storeCustomerMessage,
  storeOwnerMessage,
  storeTranscript,
  type StoredContent,
} from './store/store-messages';
export {
  mergedMetadata,
  metaOf,
  type ConversationMeta,
  type PipelineTarget,
  type ReplyPlan,
} from './store/store-meta';
export { finishTurn, pendingUserMessages, setMessagesStatus } from './store/store-turns';
export {
  agentHandOver,
  botQuiet,
  handOver,
  takeover,
  type ChannelLog,
  type TakeoverBy,
  type TakeoverChange,
  type TakeoverSubject,
} from './takeover';
export { answerTurn, type TurnPace, type TurnProvider, type TurnRequest } from './turn';
