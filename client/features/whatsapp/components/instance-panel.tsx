import type { WhatsappInstanceView } from '@common/schemas/whatsapp';
import type { ReactNode } from 'react';
import { ActivityCard } from '@/features/whatsapp/components/activity-card';
import { ConnectionStatusCard } from '@/features/whatsapp/components/connection-status-card';
import { InstanceActions } from '@/features/whatsapp/components/instance-actions';
import { PanelMessage } from '@/features/whatsapp/components/panel-message';
import { QrCard } from '@/features/whatsapp/components/qr-card';
import { SimulatorLink } from '@/features/whatsapp/components/simulator-link';
import { StatsCard } from '@/features/whatsapp/components/stats-card';
import { useConnectionSync } from '@/features/whatsapp/hooks/use-connection-sync';
import { isConnected } from '@/features/whatsapp/lib/status';

interface InstancePanelProps {
  agentId: number;
  view: WhatsappInstanceView;
  onQrShown: () => void;
  onDeleted: () => void;
  conversations?: ReactNode;
}

/** The management page's panel for an agent that has an instance. */
export function InstancePanel({
  agentId,
  view,
  onQrShown,
  onDeleted,
  conversations,
}: InstancePanelProps) {
  useConnectionSync(agentId, view.status);
  const showQr = Boolean(view.qrCode) && !isConnected(view.status);
  return (
    // minmax(0, 1fr) columns: a contact's long last message (truncated in its row) must not widen
    // the panel past a phone's screen, as an auto column sized to its content would.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6" data-testid="whatsapp-panel">
      <PanelMessage view={view} />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <InstanceActions
          agentId={agentId}
          view={view}
          onQrShown={onQrShown}
          onDeleted={onDeleted}
        />
        {view.simulator ? <SimulatorLink /> : null}
      </div>
      {showQr && view.qrCode ? <QrCard qrCode={view.qrCode} /> : null}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-3">
        <ConnectionStatusCard view={view} />
        <StatsCard agentId={agentId} view={view} />
        <ActivityCard agentId={agentId} />
      </div>
      {conversations}
    </div>
  );
}
