/**
 * WhatsApp through an Evolution gateway: an agent's number (instance, QR, status, figures) and the
 * message pipeline from webhook to reply.
 */
export {
  DELETE_GATEWAY_INSTANCE_QUEUE,
  prepareAgentDeletion,
  runGatewayDelete,
} from './instance-cleanup';
export { gatewayErrorText, newWebhookSecret } from './instance-gateway';
export { whatsappInstanceRoutes } from './instance.routes';
export { digitsOnly, jidUser } from './phone';
export { INBOX_SOURCE, processInboxBatch } from './pipeline/inbox';
export { loadSettings, metaOf, recordEvent } from './pipeline/pipeline-store';
export {
  enqueueInbox,
  enqueueReplies,
  enqueueReply,
  INBOX_RETRY_LIMIT,
  REPLY_RETRY_LIMIT,
  WHATSAPP_INBOX_QUEUE,
  WHATSAPP_QUEUES,
  WHATSAPP_REPLY_QUEUE,
  WHATSAPP_SWEEP_QUEUE,
} from './pipeline/queues';
export { failReply, runReply } from './pipeline/reply';
export { toEventView } from './stats.service';
export { whatsappWebhookRoutes } from './webhook.routes';
export { WEBHOOK_SECRET_HEADER, webhookUrl } from './whatsapp-shared';
