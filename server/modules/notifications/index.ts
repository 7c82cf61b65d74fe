/**
 * The owner's notifications: stored per owner until read, listed by the header's bell
 * (`GET /api/notifications`, `POST /api/notifications/read`), published live as `notification`
 * owner events, and — when the owner turned it on in Settings — sent to their own WhatsApp by a
 * job. Producers call `notifyOwner` (a conversation needs a person, a WhatsApp number was
 * disconnected, a document failed, a payment problem). It depends on the events module only; the
 * WhatsApp send is a hook set in the composition root (`NotificationHooks`, server/composition.ts).
 */
export {
  NOTIFICATION_QUEUES,
  OWNER_WHATSAPP_QUEUE,
  ownerWhatsappText,
  registerNotificationJobs,
  type NotificationHooks,
  type OwnerWhatsappSender,
} from './notifications-jobs';
export { eraseNotificationsAbout } from './notifications.repo';
export { notificationRoutes } from './notifications.routes';
export {
  notifyOwner,
  notifyOwnerQuietly,
  toOwnerNotification,
  type NotificationInput,
} from './notifications.service';
