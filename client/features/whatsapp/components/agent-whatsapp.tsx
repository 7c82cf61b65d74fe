import type { Agent } from '@common/schemas/agent';
import { MessageCircle, Plus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useWhatsappInstanceQuery } from '@/features/whatsapp/api/get-whatsapp-instance';
import { CreateInstanceDialog } from '@/features/whatsapp/components/create-instance-dialog';
import { InstancePanel } from '@/features/whatsapp/components/instance-panel';
import { QrDialog } from '@/features/whatsapp/components/qr-dialog';
import { EmptyState } from '@/components/empty-state';
import { SimulatorLink } from '@/features/whatsapp/components/simulator-link';
import { useStatusNotifications } from '@/features/whatsapp/hooks/use-status-notifications';
import { useStatusPolling } from '@/features/whatsapp/hooks/use-status-polling';
import { isConnected } from '@/features/whatsapp/lib/status';

/** One agent on the management page: the create dialog with no instance, else the panel. */
export function AgentWhatsapp({
  agent,
  conversations,
}: {
  agent: Agent;
  conversations?: ReactNode;
}) {
  const { t } = useTranslation('whatsapp');
  const instance = useWhatsappInstanceQuery(agent.id);
  const view = instance.data;
  const [createOpen, setCreateOpen] = useState(false);
  const [qrOpen, setQrOpen] = useState(false);
  useStatusPolling(agent.id, view);
  useStatusNotifications(view?.hasInstance ? view.status : null);

  if (instance.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label={t('panel.loading')} />
      </div>
    );
  }
  if (instance.isError) {
    return <ErrorAlert title={t('panel.loadError')} message={instance.error.message} />;
  }
  const current = instance.data;
  if (!current.hasInstance) {
    return (
      <>
        <EmptyState
          icon={<MessageCircle className="size-6" />}
          title={t('panel.noInstanceTitle')}
          action={
            <div className="flex flex-col items-center gap-3">
              <Button type="button" onClick={() => setCreateOpen(true)}>
                <Plus aria-hidden="true" />
                {t('create.open')}
              </Button>
              {current.simulator ? <SimulatorLink /> : null}
            </div>
          }
        >
          {t('panel.noInstanceDescription', { agent: agent.name })}
        </EmptyState>
        <CreateInstanceDialog
          agent={agent}
          open={createOpen}
          onOpenChange={setCreateOpen}
          onCreated={(created) => setQrOpen(Boolean(created.qrCode))}
        />
      </>
    );
  }
  return (
    <>
      <InstancePanel
        agentId={agent.id}
        view={current}
        onQrShown={() => setQrOpen(true)}
        onDeleted={() => setQrOpen(false)}
        conversations={conversations}
      />
      <QrDialog
        qrCode={current.qrCode}
        open={qrOpen && !isConnected(current.status)}
        onOpenChange={setQrOpen}
      />
    </>
  );
}
