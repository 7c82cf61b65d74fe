import type { WhatsappInstanceView } from '@common/schemas/whatsapp';
import { Play, QrCode, RefreshCw, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  useDeleteWhatsappInstanceMutation,
  wasNothingToDelete,
} from '@/features/whatsapp/api/delete-whatsapp-instance';
import { useEnableWhatsappMonitoringMutation } from '@/features/whatsapp/api/enable-whatsapp-monitoring';
import { useFetchWhatsappQrMutation } from '@/features/whatsapp/api/fetch-whatsapp-qr';
import { useRefreshWhatsappStatusMutation } from '@/features/whatsapp/api/refresh-whatsapp-status';
import { isConnected } from '@/features/whatsapp/lib/status';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/form-errors';

interface InstanceActionsProps {
  agentId: number;
  view: WhatsappInstanceView;
  onQrShown: () => void;
  onDeleted: () => void;
}

/**
 * The panel's buttons: refresh status; 'Iniciar Monitoramento' while not connected (registers the
 * webhook again and reads the status); 'Buscar QR Code' only while awaiting a scan with no code;
 * delete (asks first).
 */
export function InstanceActions({ agentId, view, onQrShown, onDeleted }: InstanceActionsProps) {
  const { t } = useTranslation('whatsapp');
  const refresh = useRefreshWhatsappStatusMutation();
  const monitor = useEnableWhatsappMonitoringMutation();
  const fetchQr = useFetchWhatsappQrMutation();
  const remove = useDeleteWhatsappInstanceMutation();
  const busy = refresh.isPending || monitor.isPending || fetchQr.isPending || remove.isPending;

  const onRefresh = () =>
    refresh.mutate(agentId, {
      onSuccess: () => toast({ title: t('toasts.statusUpdated') }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t('toasts.statusFailed'),
          description: errorMessage(error, t('toasts.statusFailedFallback')),
        }),
    });

  const onMonitor = () =>
    monitor.mutate(agentId, {
      onSuccess: () => {
        toast({
          title: t('toasts.monitoringOn'),
          description: t('toasts.monitoringOnDescription'),
        });
        refresh.mutate(agentId);
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t('toasts.monitoringFailed'),
          description: errorMessage(error, t('toasts.monitoringFailed')),
        }),
    });

  const onFetchQr = () =>
    fetchQr.mutate(agentId, {
      onSuccess: (answer) => {
        if (!answer.qrCode) {
          toast({ title: t('toasts.qrMissing'), description: t('toasts.qrMissingDescription') });
          return;
        }
        toast({ title: t('toasts.qrUpdated') });
        onQrShown();
      },
      onError: () =>
        toast({
          variant: 'destructive',
          title: t('toasts.qrFailed'),
          description: t('toasts.qrFailedDescription'),
        }),
    });

  const onDelete = () => {
    if (!window.confirm(t('remove.confirm'))) return;
    remove.mutate(agentId, {
      onSuccess: (answer) => {
        toast(
          wasNothingToDelete(answer)
            ? { title: t('toasts.cleanupDone'), description: answer.message }
            : { title: t('toasts.removed'), description: answer.message },
        );
        onDeleted();
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t('toasts.removeFailed'),
          description: errorMessage(error, t('toasts.removeFailedFallback')),
        }),
    });
  };

  const connected = isConnected(view.status);
  return (
    <div className="flex flex-wrap gap-2" data-testid="whatsapp-actions">
      <Button type="button" variant="outline" onClick={onRefresh} disabled={busy}>
        <RefreshCw aria-hidden="true" className={refresh.isPending ? 'animate-spin' : undefined} />
        {t('actions.refresh')}
      </Button>
      {connected ? null : (
        <Button type="button" onClick={onMonitor} disabled={busy}>
          <Play aria-hidden="true" />
          {t('actions.startMonitoring')}
        </Button>
      )}
      {view.status === 'AWAITING_QR_SCAN' && !view.qrCode ? (
        <Button type="button" variant="secondary" onClick={onFetchQr} disabled={busy}>
          <QrCode aria-hidden="true" />
          {t('actions.fetchQr')}
        </Button>
      ) : null}
      <Button type="button" variant="destructive" onClick={onDelete} disabled={busy}>
        <Trash2 aria-hidden="true" />
        {t('actions.delete')}
      </Button>
    </div>
  );
}
