import type { AgentTemplate } from '@common/templates';
import { useState } from 'react';
import { DashboardSectionContent } from '@/app/dashboard-section-content';
import { QuickCreateDialog } from '@/features/agents/components/quick-create/quick-create-dialog';
import { CreationWizard } from '@/features/agents/components/wizard/creation-wizard';
import type { CreationMode } from '@/features/dashboard/components/dashboard-header';
import { DashboardShell } from '@/features/dashboard/components/dashboard-shell';

type Creation = { mode: CreationMode; template?: AgentTemplate | undefined };

export default function DashboardRoute() {
  const [creation, setCreation] = useState<Creation | null>(null);
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
          />
        )}
      />
      <QuickCreateDialog
        open={creation?.mode === 'quick'}
        template={creation?.template}
        onOpenChange={close}
      />
      <CreationWizard open={creation?.mode === 'wizard'} onOpenChange={close} />
    </>
  );
}
