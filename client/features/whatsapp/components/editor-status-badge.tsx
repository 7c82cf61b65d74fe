import type { WhatsappStatus } from '@common/schemas/whatsapp';
import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { isConnected, isDisconnected } from '@/features/whatsapp/lib/status';

const WAITING = ['PENDING', 'CREATED', 'connecting', 'AWAITING_QR_SCAN'];

/**
 * The editor's badge: Conectado (green), Aguardando with a spinner, Desconectado, else the raw
 * value. The states that mean "waiting for the phone" all read Aguardando.
 */
export function EditorStatusBadge({ status }: { status: WhatsappStatus | null }) {
  const { t } = useTranslation('whatsapp');
  if (isConnected(status)) {
    return (
      <Badge
        data-testid="editor-whatsapp-status"
        className="border-transparent bg-green-100 text-green-800"
      >
        {t('editor.badges.connected')}
      </Badge>
    );
  }
  if (status && WAITING.includes(status)) {
    return (
      <Badge
        data-testid="editor-whatsapp-status"
        className="border-transparent bg-yellow-100 text-yellow-800"
      >
        <LoaderCircle aria-hidden="true" className="size-3 animate-spin" />
        {t('editor.badges.waiting')}
      </Badge>
    );
  }
  if (isDisconnected(status)) {
    return (
      <Badge
        data-testid="editor-whatsapp-status"
        className="border-transparent bg-red-100 text-red-800"
      >
        {t('editor.badges.disconnected')}
      </Badge>
    );
  }
  return (
    <Badge data-testid="editor-whatsapp-status" variant="outline">
      {status ?? '—'}
    </Badge>
  );
}
