import type { WhatsappInstanceView } from '@common/schemas/whatsapp';
import { Eye, EyeOff, QrCode, RefreshCw, Trash2, Webhook } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useConnectWhatsappMutation } from '@/features/whatsapp/api/connect-whatsapp';
import {
  useDeleteWhatsappInstanceMutation,
  wasNothingToDelete,
} from '@/features/whatsapp/api/delete-whatsapp-instance';
import { useEnableWhatsappMonitoringMutation } from '@/features/whatsapp/api/enable-whatsapp-monitoring';
import { useRefreshWhatsappStatusMutation } from '@/features/whatsapp/api/refresh-whatsapp-status';
import { isConnected } from '@/features/whatsapp/lib/status';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/form-errors';

interface EditorInstanceControlsProps {
  agentId: number;
  view: WhatsappInstanceView;
  qrVisible: boolean;
  onQrVisibleChange: (visible: boolean) => void;
}

/** The editor card's instance buttons, each with its own error toast. */
export function EditorInstanceControls(props: EditorInstanceControlsProps) {
  const { agentId, view, qrVisible, onQrVisibleChange } = props;
  const { t } = useTranslation('whatsapp');
  const connect = useConnectWhatsappMutation();
  const refresh = useRefreshWhatsappStatusMutation();
  const monitor = useEnableWhatsappMonitoringMutation();
  const remove = useDeleteWhatsappInstanceMutation();
  const busy = connect.isPending || refresh.isPending || monitor.isPending || remove.isPending;
  const fail = (title: string) => (error: unknown) =>
    toast({ variant: 'destructive', title, description: errorMessage(error, title) });

  const onGenerate = () =>
    connect.mutate(agentId, {
      onSuccess: (answer) => {
        if (answer.qrCode) {
          toast({ title: t('toasts.qrUpdated') });
          onQrVisibleChange(true);
        } else {
          toast({ title: t('toasts.qrMissing'), description: t('toasts.qrMissingDescription') });
        }
      },
      onError: fail(t('toasts.connectFailed')),
    });
  const onRefresh = () =>
    refresh.mutate(agentId, {
      onSuccess: () => toast({ title: t('toasts.statusUpdated') }),
      onError: fail(t('toasts.editorStatusFailed')),
    });
  const onMonitor = () =>
    monitor.mutate(agentId, {
      onSuccess: () =>
        toast({
          title: t('toasts.monitoringOn'),
          description: t('toasts.monitoringOnDescription'),
        }),
      onError: fail(t('toasts.monitoringFailed')),
    });

  return (
    <div className="flex flex-wrap gap-2" data-testid="editor-whatsapp-actions">
      {isConnected(view.status) ? null : (
        <Button type="button" onClick={onGenerate} disabled={busy}>
          <QrCode aria-hidden="true" />
          {t('editor.generateQr')}
        </Button>
      )}
      {view.qrCode && !isConnected(view.status) ? (
        <Button
          type="button"
          variant="outline"
          aria-pressed={qrVisible}
          onClick={() => onQrVisibleChange(!qrVisible)}
        >
          {qrVisible ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
          {qrVisible ? t('editor.hideQr') : t('editor.showQr')}
        </Button>
      ) : null}
      <Button type="button" variant="outline" onClick={onRefresh} disabled={busy}>
        <RefreshCw aria-hidden="true" className={refresh.isPending ? 'animate-spin' : undefined} />
        {t('editor.checkStatus')}
      </Button>
      <RemoveButton
        agentId={agentId}
        confirm
        disabled={busy}
        remove={remove}
        onRemoved={() => onQrVisibleChange(false)}
      />
      {/* The gateway's webhook is set on creation; setting it again is an integrator's tool. */}
      <details className="w-full text-sm">
        <summary className="cursor-pointer font-medium text-muted-foreground">
          {t('editor.advanced')}
        </summary>
        <div className="mt-2">
          <Button type="button" variant="outline" onClick={onMonitor} disabled={busy}>
            <Webhook aria-hidden="true" />
            {t('editor.enableMonitoring')}
          </Button>
        </div>
      </details>
    </div>
  );
}

interface RemoveButtonProps {
  agentId: number;
  /** one of the editor's two remove buttons asks first; the other does not */
  confirm: boolean;
  disabled?: boolean;
  remove?: ReturnType<typeof useDeleteWhatsappInstanceMutation>;
  onRemoved: () => void;
  variant?: 'destructive' | 'ghost';
}

export function RemoveButton({
  agentId,
  confirm,
  disabled,
  remove,
  onRemoved,
  variant,
}: RemoveButtonProps) {
  const { t } = useTranslation('whatsapp');
  const own = useDeleteWhatsappInstanceMutation();
  const mutation = remove ?? own;
  const onClick = () => {
    if (confirm && !window.confirm(t('remove.confirm'))) return;
    mutation.mutate(agentId, {
      onSuccess: (answer) => {
        toast(
          wasNothingToDelete(answer)
            ? { title: t('toasts.cleanupDone'), description: answer.message }
            : { title: t('toasts.removed'), description: answer.message },
        );
        onRemoved();
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t('toasts.removeFailed'),
          description: errorMessage(error, t('toasts.removeFailedFallback')),
        }),
    });
  };
  return (
    <Button
      type="button"
      variant={variant ?? 'destructive'}
      onClick={onClick}
      disabled={disabled || mutation.isPending}
      data-testid={confirm ? 'whatsapp-remove-confirm' : 'whatsapp-remove-now'}
    >
      <Trash2 aria-hidden="true" />
      {t('editor.remove')}
    </Button>
  );
}
