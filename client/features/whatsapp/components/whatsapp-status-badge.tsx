import type { WhatsappStatus } from '@common/schemas/whatsapp';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { statusKey, type StatusKey } from '@/features/whatsapp/lib/status';
import { cn } from '@/lib/utils';

const TONES: Record<StatusKey, string> = {
  connected: 'bg-green-100 text-green-800',
  disconnected: 'bg-red-100 text-red-800',
  pending: 'bg-yellow-100 text-yellow-800',
  created: 'bg-yellow-100 text-yellow-800',
  connecting: 'bg-yellow-100 text-yellow-800',
  awaiting: 'bg-blue-100 text-blue-800',
  checking: 'bg-gray-100 text-gray-700',
};

/** The management page's status name; any unknown value reads 'Verificando'. */
export function WhatsappStatusBadge({ status }: { status: WhatsappStatus | null }) {
  const { t } = useTranslation('whatsapp');
  const key = statusKey(status);
  return (
    <Badge
      data-testid="whatsapp-status"
      data-status={key}
      className={cn('border-transparent', TONES[key])}
    >
      {t(`status.${key}`)}
    </Badge>
  );
}
