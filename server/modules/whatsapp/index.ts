/**
 * WhatsApp, a channel of the conversation core, on two lines: an Evolution gateway (QR code) and
 * the official WhatsApp Business Platform (`cloud/`: Embedded Signup or manual connection, its
 * signed webhook, templates). An agent's number (instance, QR, status, figures), the gateways an owner registers by hand (`registry/`: CRUD,
 * webhook set-up, monitoring, routing of their messages to a connected agent) and the message
 * pipeline from webhook to reply (pipeline/index.ts walks a message through it).
 */
export { evolutionInstanceRoutes } from './registry/evolution-instances.routes';
export {
  DELETE_GATEWAY_INSTANCE_QUEUE,
  prepareAgentDeletion,
  runGatewayDelete,
} from './instance-cleanup';
export { GATEWAY_CLEANUP_QUEUES, registerGatewayCleanupJobs } from './instance-cleanup-jobs';
export { gatewayErrorText, newWebhookSecret } from './instance-gateway';
export { whatsappInstanceRoutes } from './instance.routes';
export { whatsappCloudRoutes } from './cloud/cloud.routes';
export { whatsappCloudWebhookRoutes, CLOUD_WEBHOOK_PATH } from './cloud/cloud-webhook.routes';
export { cloudSimulatorRoutes } from './cloud/cloud-simulator';
export { digitsOnly, jidUser } from './phone';
export {
  eraseDeliveriesOf,
  evolutionChannel,
  registerWhatsappJobs,
  typingPauseMs,
  firstPartDueAt,
  WHATSAPP_QUEUE_OPTIONS,
  WHATSAPP_QUEUES,
} from './pipeline';
export { sendOwnerWhatsapp } from './owner-notice';
export {
  abandonContactMessage,
  resumeContactMessage,
  sendContactMessage,
  storeContactMessage,
  storeConversationMessage,
  type ContactMessage,
  type StoredSend,
  type StoredSendSteps,
} from './contact-message';
export { settingsOfAgent } from './settings.service';
export { toEventView } from './stats.service';
export { whatsappWebhookRoutes } from './webhook.routes';
export { WEBHOOK_PATH, WEBHOOK_SECRET_HEADER, webhookUrl } from './whatsapp-shared';
