/**
 * The website widget: its script, its public chat API (by the agent's public key) and the owner's
 * webchat configuration.
 */
export { publicChatRoutes, WEBCHAT_LIMITS } from './public-chat.routes';
export { webchatRoutes } from './webchat.routes';
export { WIDGET_BUILD, WIDGET_ENTRY } from './widget-asset';
export { widgetRoutes } from './widget.routes';
