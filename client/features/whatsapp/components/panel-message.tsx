import type { WhatsappInstanceView } from '@common/schemas/whatsapp';
import { CircleCheck, LoaderCircle, Settings2, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { panelMessage } from '@/features/whatsapp/lib/status';
import { cn } from '@/lib/utils';

const TONE = {
  connected: 'border-green-300 bg-green-50 text-green-900',
  disconnected: 'border-yellow-300 bg-yellow-50 text-yellow-900',
  generating: 'border-blue-300 bg-blue-50 text-blue-900',
  ready: '',
} as const;

/** The panel's message: connected, a warning when closed, generating the QR, or ready. */
export function PanelMessage({ view }: { view: WhatsappInstanceView }) {
  const { t } = useTranslation('whatsapp');
  const kind = panelMessage(view.status, view.qrCode);
  const Icon =
    kind === 'connected'
      ? CircleCheck
      : kind === 'disconnected'
        ? TriangleAlert
        : kind === 'generating'
          ? LoaderCircle
          : Settings2;
  return (
    <Alert className={cn(TONE[kind])} data-testid="whatsapp-panel-message" data-kind={kind}>
      <Icon aria-hidden="true" className={kind === 'generating' ? 'animate-spin' : undefined} />
      <AlertTitle>{t(`panel.messages.${kind}.title`)}</AlertTitle>
      <AlertDescription>{t(`panel.messages.${kind}.description`)}</AlertDescription>
    </Alert>
  );
}
