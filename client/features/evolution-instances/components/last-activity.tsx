import { useTranslation } from 'react-i18next';
import { lastActivityParts } from '@/features/evolution-instances/lib/display';
import { useOwnerTimeZone } from '@/lib/owner-time-zone';

/** 'Never', 'Just now', minutes or hours ago, else the date. */
export function LastActivity({ at }: { at: string | null }) {
  const { t, i18n } = useTranslation('evolution');
  const timeZone = useOwnerTimeZone();
  if (!at) return <>{t('card.never')}</>;
  const parts = lastActivityParts(at);
  let text: string;
  switch (parts.unit) {
    case 'now':
      text = t('time.justNow');
      break;
    case 'minutes':
      text = t('time.minutesAgo', { count: parts.count });
      break;
    case 'hours':
      text = t('time.hoursAgo', { count: parts.count });
      break;
    default:
      text = new Intl.DateTimeFormat(i18n.language, {
        dateStyle: 'short',
        timeStyle: 'short',
        timeZone,
      }).format(parts.date);
  }
  return <time dateTime={at}>{text}</time>;
}
