import type { OwnerNotification } from '@common/schemas/inbox';
import { SECTION_PATHS, sectionPath } from '@/lib/dashboard-paths';

/** Where the owner acts on a notification: a dashboard section's path, or another page's. */
export function notificationTarget(notification: OwnerNotification): string {
  const { kind, agentId, conversationId } = notification;
  switch (kind) {
    case 'needs-person':
      return conversationId !== null
        ? sectionPath('conversations', { conversationId })
        : SECTION_PATHS.conversations;
    case 'whatsapp-disconnected':
      return agentId !== null ? `/agents/${agentId}/edit?tab=whatsapp` : SECTION_PATHS.whatsapp;
    case 'document-failed':
      return agentId !== null ? `/agents/${agentId}/edit?tab=knowledge` : SECTION_PATHS.dashboard;
    case 'payment-problem':
      return '/subscription';
    case 'appointment-booked':
      return SECTION_PATHS.appointments;
  }
}
