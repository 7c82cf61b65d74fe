/**
 * Customer conversations of every channel and their messages: storage, the owner's transcript
 * views, pause/resume/retry of a WhatsApp contact.
 */
export {
  appendMessages,
  deleteConversation,
  getOrCreateConversation,
  recentTurns,
  type ConversationRow,
} from './conversations.repo';
export { conversationRoutes } from './conversations.routes';
