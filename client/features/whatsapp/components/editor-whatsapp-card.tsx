import { MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useWhatsappInstanceQuery } from '@/features/whatsapp/api/get-whatsapp-instance';
import { CloudNumberCard } from '@/features/whatsapp/components/cloud-number-card';
import { CloudTemplatesCard } from '@/features/whatsapp/components/cloud-templates-card';
import { ConnectChoice } from '@/features/whatsapp/components/connect-choice';
import {
  EditorInstanceControls,
  RemoveButton,
} from '@/features/whatsapp/components/editor-instance-controls';
import { EditorStatusBadge } from '@/features/whatsapp/components/editor-status-badge';
import { SimulatorLink } from '@/features/whatsapp/components/simulator-link';
import { useStatusNotifications } from '@/features/whatsapp/hooks/use-status-notifications';
import { useStatusPolling } from '@/features/whatsapp/hooks/use-status-polling';
import { formatPhone } from '@/features/whatsapp/lib/format';
import { isConnected, whatsappScreen } from '@/features/whatsapp/lib/status';

/**
 * Editor tab 3: the agent's WhatsApp — the choice of the official number or a QR code, then the
 * official number's card, or the QR-code instance (create it, show its QR code, manage it).
 */
export function EditorWhatsappCard({ agentId }: { agentId: number }) {
  const { t } = useTranslation('whatsapp');
  const instance = useWhatsappInstanceQuery(agentId);
  const view = instance.data;
  const [qrVisible, setQrVisible] = useState(false);
  const screen = view ? whatsappScreen(view) : null;
  useStatusPolling(agentId, view);
  useStatusNotifications(view?.hasInstance ? view.status : null);

  return (
    <Card data-testid="editor-whatsapp-card">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center justify-between gap-2">
          <span className="flex items-center gap-2">
            <MessageCircle aria-hidden="true" className="size-5" />
            {t('editor.title')}
          </span>
          {screen === 'qr' && view?.hasInstance ? <EditorStatusBadge status={view.status} /> : null}
        </CardTitle>
        <CardDescription>{t('editor.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {instance.isPending ? (
          <Spinner label={t('panel.loading')} />
        ) : instance.isError ? (
          <ErrorAlert title={t('panel.loadError')} message={instance.error.message} />
        ) : screen === 'cloud' && instance.data.cloud ? (
          <>
            <CloudNumberCard
              agentId={agentId}
              cloud={instance.data.cloud}
              offer={instance.data.cloudOffer}
            />
            <CloudTemplatesCard />
          </>
        ) : screen === 'choice' ? (
          <ConnectChoice
            agentId={agentId}
            offer={instance.data.cloudOffer}
            qrSimulator={instance.data.simulator}
            onQrCreated={() => setQrVisible(true)}
          />
        ) : (
          <>
            <dl className="grid gap-3 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-muted-foreground">{t('panel.phone')}</dt>
                <dd className="mt-0.5">{formatPhone(instance.data.phoneNumber) || '—'}</dd>
              </div>
              <div className="min-w-0">
                <dt className="text-muted-foreground">{t('panel.instanceName')}</dt>
                <dd className="mt-0.5 truncate font-mono text-xs">{instance.data.instanceName}</dd>
              </div>
            </dl>
            {isConnected(instance.data.status) ? (
              <p
                className="rounded-lg bg-green-50 p-3 text-sm text-green-900"
                data-testid="editor-connected-note"
              >
                {t('editor.connectedNote')}
              </p>
            ) : null}
            <EditorInstanceControls
              agentId={agentId}
              view={instance.data}
              qrVisible={qrVisible}
              onQrVisibleChange={setQrVisible}
            />
            {qrVisible && instance.data.qrCode && !isConnected(instance.data.status) ? (
              <div
                className="grid justify-items-center gap-3 rounded-lg border p-4"
                data-testid="editor-qr-area"
              >
                <img
                  src={instance.data.qrCode}
                  alt={t('qr.alt')}
                  data-testid="whatsapp-qr"
                  className="size-64 rounded-lg border bg-white p-2"
                />
                <p className="max-w-sm text-center text-sm text-muted-foreground">
                  {t('qr.description')}
                </p>
              </div>
            ) : null}
            {instance.data.simulator ? <SimulatorLink /> : null}
            <div className="grid gap-2 rounded-lg bg-muted/60 p-4 text-sm">
              <p className="font-medium">{t('editor.troubleTitle')}</p>
              <p className="text-muted-foreground">{t('editor.troubleDescription')}</p>
              <div>
                <RemoveButton
                  agentId={agentId}
                  confirm={false}
                  variant="ghost"
                  onRemoved={() => setQrVisible(false)}
                />
              </div>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
