/**
 * The owner's inbox, above the channels and the conversation core: the transcript views per
 * agent and across agents and channels (list, search, read state, notes and tags, handoff and
 * resume), pause/resume/retry of a contact, and a person's reply (text or a file), sent on the
 * conversation's channel (WhatsApp through its gateway, the website visitor's widget woken on
 * the core's VISITOR_MESSAGES_CHANNEL). The inbox's shapes (`toInboxMessage`,
 * `inboxConversationItem`) are what live events send.
 */
export { conversationRoutes } from './conversations.routes';
export { inboxRoutes } from './inbox.routes';
export { inboxConversationItem } from './inbox.service';
export { toInboxMessage } from './inbox-view';
