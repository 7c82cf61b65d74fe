import type { OwnerNotification } from '@common/schemas/inbox';
import { useTranslation } from 'react-i18next';

export interface NotificationText {
  title: string;
  body: string;
  action: string;
}

/** A notification's title and text, as the bell and the system alert show it. */
export function useDescribeNotification(): (notification: OwnerNotification) => NotificationText {
  const { t } = useTranslation('notifications');
  return (notification: OwnerNotification) => {
    const fallback: Record<OwnerNotification['kind'], string> = {
      'needs-person': t('subjects.visitor'),
      'whatsapp-disconnected': t('subjects.agent'),
      'document-failed': t('subjects.document'),
      'payment-problem': '',
      'appointment-booked': '',
    };
    const subject = notification.subject ?? fallback[notification.kind];
    return {
      title: t(`kinds.${notification.kind}.title`),
      body: t(`kinds.${notification.kind}.body`, { subject }),
      action: t(`kinds.${notification.kind}.action`),
    };
  };
}
