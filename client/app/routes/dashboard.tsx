import type { AgentTemplate } from '@common/templates';
import { useState } from 'react';
import { DashboardSectionContent } from '@/app/dashboard-section-content';
import { QuickCreateDialog } from '@/features/agents/components/quick-create/quick-create-dialog';
import { CreationWizard } from '@/features/agents/components/wizard/creation-wizard';
import type { CreationMode } from '@/features/dashboard/components/dashboard-header';
import { DashboardShell } from '@/features/dashboard/components/dashboard-shell';
import { WebchatCodeDialog } from '@/features/webchat/components/webchat-code-dialog';

type Creation = { mode: CreationMode; template?: AgentTemplate | undefined };
/**
 * Closing keeps the agent and only turns `open` off, as when each screen held its own dialog:
 * Radix closes it (focus handling included) instead of it being unmounted while open.
 */
type WebchatCode = { agentId: number; open: boolean };

export default function DashboardRoute() {
  const [creation, setCreation] = useState<Creation | null>(null);
  const [webchat, setWebchat] = useState<WebchatCode | null>(null);
  const create = (mode: CreationMode) => setCreation({ mode });
  const close = (open: boolean) => {
    if (!open) setCreation(null);
  };
  return (
    <>
      <DashboardShell
        onCreate={create}
        renderSection={(view, open) => (
          <DashboardSectionContent
            view={view}
            open={open}
            onCreate={create}
            onUseTemplate={(template) => setCreation({ mode: 'quick', template })}
            onWebchatCode={(agentId) => setWebchat({ agentId, open: true })}
          />
        )}
      />
      <QuickCreateDialog
        open={creation?.mode === 'quick'}
        template={creation?.template}
        onOpenChange={close}
      />
      <CreationWizard open={creation?.mode === 'wizard'} onOpenChange={close} />
      {webchat ? (
        <WebchatCodeDialog
          agentId={webchat.agentId}
          open={webchat.open}
          onOpenChange={(open) => setWebchat((current) => current && { ...current, open })}
        />
      ) : null}
    </>
  );
}
