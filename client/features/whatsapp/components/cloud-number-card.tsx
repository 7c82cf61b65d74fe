import type { WhatsappCloudNumberView, WhatsappCloudOffer } from '@common/schemas/whatsapp';
import { Unplug } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useDisconnectWhatsappCloudMutation } from '@/features/whatsapp/api/disconnect-whatsapp-cloud';
import { CloudSignupActions } from '@/features/whatsapp/components/cloud-signup-actions';
import { CloudStatusBadge } from '@/features/whatsapp/components/cloud-status-badge';
import { formatDateTime } from '@/features/whatsapp/lib/format';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/form-errors';

interface CloudNumberCardProps {
  agentId: number;
  cloud: WhatsappCloudNumberView;
  offer: WhatsappCloudOffer;
}

/** The agent's official number: who it is, its state, 'Reconectar' when Meta asks, 'Desconectar'. */
export function CloudNumberCard({ agentId, cloud, offer }: CloudNumberCardProps) {
  const { t, i18n } = useTranslation('whatsapp');
  const disconnect = useDisconnectWhatsappCloudMutation();

  const onDisconnect = async () => {
    // The same confirmation as removing a QR-code instance.
    if (!window.confirm(t('cloud.number.disconnectConfirm'))) return;
    try {
      await disconnect.mutateAsync(agentId);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('cloud.toasts.disconnectFailed'),
        description: errorMessage(error, t('cloud.toasts.connectFailedFallback')),
      });
      return;
    }
    toast({ title: t('cloud.toasts.disconnected') });
  };

  return (
    <div className="grid gap-4" data-testid="cloud-number-card">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{t('cloud.number.title')}</h3>
        <CloudStatusBadge status={cloud.status} />
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted-foreground">{t('cloud.number.phone')}</dt>
          <dd className="mt-0.5">{cloud.displayPhoneNumber ?? '—'}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-muted-foreground">{t('cloud.number.verifiedName')}</dt>
          <dd className="mt-0.5 truncate">{cloud.verifiedName ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('cloud.number.connectedAt')}</dt>
          <dd className="mt-0.5">{formatDateTime(cloud.connectedAt, i18n.language)}</dd>
        </div>
      </dl>
      {cloud.coexistence ? (
        <p className="rounded-lg bg-muted/60 p-3 text-sm">{t('cloud.number.coexistence')}</p>
      ) : null}
      {cloud.status === 'connected' ? null : (
        <div className="grid gap-3 rounded-lg bg-yellow-50 p-3 text-sm text-yellow-900">
          <p>{t('cloud.number.reconnectNote')}</p>
          <CloudSignupActions
            agentId={agentId}
            offer={offer}
            reconnect={{ coexistence: cloud.coexistence }}
          />
        </div>
      )}
      <div>
        <Button
          type="button"
          variant="destructive"
          onClick={() => void onDisconnect()}
          disabled={disconnect.isPending}
          data-testid="cloud-disconnect"
        >
          <Unplug aria-hidden="true" />
          {disconnect.isPending ? t('cloud.number.disconnecting') : t('cloud.number.disconnect')}
        </Button>
      </div>
    </div>
  );
}
