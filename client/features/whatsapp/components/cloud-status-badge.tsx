import type { WhatsappCloudStatus } from '@common/schemas/whatsapp';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';

const LOOK: Record<WhatsappCloudStatus, string> = {
  connected: 'border-transparent bg-green-100 text-green-800',
  reconnect: 'border-transparent bg-yellow-100 text-yellow-800',
  disconnected: 'border-transparent bg-red-100 text-red-800',
};

/** The official number's state: Conectado, Reconexão necessária, Desconectado. */
export function CloudStatusBadge({ status }: { status: WhatsappCloudStatus }) {
  const { t } = useTranslation('whatsapp');
  return (
    <Badge data-testid="cloud-whatsapp-status" className={LOOK[status]}>
      {t(`cloud.badges.${status}`)}
    </Badge>
  );
}
