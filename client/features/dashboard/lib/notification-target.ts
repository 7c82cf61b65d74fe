import type { OwnerNotification } from '@common/schemas/inbox';

/** Where the owner acts on a notification: a dashboard section, or another page of the app. */
export type NotificationTarget =
  | { section: 'conversations'; conversationId: number }
  | { section: 'whatsapp' }
  | { section: 'appointments' }
  | { path: string };

export function notificationTarget(notification: OwnerNotification): NotificationTarget {
  const { kind, agentId, conversationId } = notification;
  switch (kind) {
    case 'needs-person':
      return conversationId !== null
        ? { section: 'conversations', conversationId }
        : { path: '/dashboard' };
    case 'whatsapp-disconnected':
      return agentId !== null
        ? { path: `/agents/${agentId}/edit?tab=whatsapp` }
        : { section: 'whatsapp' };
    case 'document-failed':
      return agentId !== null
        ? { path: `/agents/${agentId}/edit?tab=knowledge` }
        : { path: '/dashboard' };
    case 'payment-problem':
      return { path: '/subscription' };
    case 'appointment-booked':
      return { section: 'appointments' };
  }
}
