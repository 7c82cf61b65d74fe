/**
 * Customer conversations of every channel and their messages: storage, the owner's transcript
 * views (per agent, and the inbox across agents and channels: list, search, read state, notes and
 * tags, handoff and resume), pause/resume/retry of a WhatsApp contact. The inbox's shapes
 * (`toInboxMessage`, `inboxConversationItem`) are what live events send. A person's reply from the
 * inbox (text or a file) goes out on WhatsApp or to the website visitor, whose widget is woken on
 * VISITOR_MESSAGES_CHANNEL.
 */
export {
  appendMessages,
  deleteConversation,
  getOrCreateConversation,
  recentTurns,
  type ConversationRow,
} from './conversations.repo';
export type { ConversationHooks, FixedAnswerTurn } from './conversation-hooks';
export { conversationRoutes } from './conversations.routes';
export { inboxRoutes } from './inbox.routes';
export { inboxConversationItem } from './inbox.service';
export { STORED_FILE, toInboxMessage } from './inbox-view';
export { messageFile, VISITOR_MESSAGES_CHANNEL } from './person-reply.repo';
export { sendStoredFile } from './stored-file';
