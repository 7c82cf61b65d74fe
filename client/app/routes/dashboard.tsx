import type { AgentTemplate } from '@common/templates';
import { useState } from 'react';
import { DashboardSectionContent, preloadSection } from '@/app/dashboard-section-content';
import { lazyOnOpen } from '@/components/lazy-on-open';
import { notificationsQueryKey } from '@/features/dashboard/api/get-notifications';
import type { CreationMode } from '@/features/dashboard/components/dashboard-header';
import { DashboardShell } from '@/features/dashboard/components/dashboard-shell';
import { contactsQueryKey } from '@/features/contacts/api/contacts-keys';
import { inboxQueryKey } from '@/features/inbox/api/inbox-keys';
import { useAgentLimit } from '@/lib/billing/agent-limit';
import { OwnerEventsProvider } from '@/lib/owner-events';
import { dashboardQueryKey } from '@/lib/query-keys';

// The creation forms (react-hook-form, zod, the templates, Radix Select), the widget's code and
// the plan notice come with their first opening: the home's first load is only what it renders.
const QuickCreateDialog = lazyOnOpen(
  async () =>
    (await import('@/features/agents/components/quick-create/quick-create-dialog'))
      .QuickCreateDialog,
  ['agents', 'errors'],
);
const CreationWizard = lazyOnOpen(
  async () => (await import('@/features/agents/components/wizard/creation-wizard')).CreationWizard,
  ['agents', 'errors'],
);
const WebchatCodeDialog = lazyOnOpen(
  async () => (await import('@/features/webchat/components/webchat-code-dialog')).WebchatCodeDialog,
  ['webchat', 'errors'],
);
const PlanLimitDialog = lazyOnOpen(
  async () => (await import('@/components/plan-limit-dialog')).PlanLimitDialog,
  ['billing'],
);

/** Fetches the form a creation button opens, once the owner points at or focuses it. */
function preloadCreation(mode: CreationMode) {
  if (mode === 'wizard') CreationWizard.preload();
  else QuickCreateDialog.preload();
}

/**
 * What each live event makes stale: conversation events refresh the inbox and the home (a message
 * the contacts too: a new person, a stage, the last contact), a notification the bell (and the
 * home).
 */
const LIVE_REFRESH = {
  message: [inboxQueryKey, dashboardQueryKey, contactsQueryKey],
  conversation: [inboxQueryKey],
  notification: [notificationsQueryKey, dashboardQueryKey],
  reset: [inboxQueryKey, dashboardQueryKey, notificationsQueryKey, contactsQueryKey],
};

type Creation = { mode: CreationMode; template?: AgentTemplate | undefined };
/**
 * Closing keeps the agent and only turns `open` off, as when each screen held its own dialog:
 * Radix closes it (focus handling included) instead of it being unmounted while open.
 */
type WebchatCode = { agentId: number; open: boolean };

export default function DashboardRoute() {
  const [creation, setCreation] = useState<Creation | null>(null);
  const [webchat, setWebchat] = useState<WebchatCode | null>(null);
  const [limitOpen, setLimitOpen] = useState(false);
  const agentLimit = useAgentLimit();
  // A click before the subscription is read waits for it (decided below once it is).
  const [pending, setPending] = useState<Creation | null>(null);
  // A plan with no room for another agent says so before any form is filled in. Decided once, at
  // the click: an agent created by the form itself must not turn the open form into this notice.
  const startCreation = (next: Creation) => {
    if (!agentLimit.known) setPending(next);
    else if (agentLimit.reached) setLimitOpen(true);
    else setCreation(next);
  };
  if (pending && agentLimit.known) {
    // State adjusted while rendering (React re-renders at once, before painting).
    setPending(null);
    startCreation(pending);
  }
  const create = (mode: CreationMode) => startCreation({ mode });
  const close = (open: boolean) => {
    if (!open) setCreation(null);
  };
  return (
    <OwnerEventsProvider refresh={LIVE_REFRESH}>
      <DashboardShell
        onCreate={create}
        onCreateIntent={preloadCreation}
        onSectionIntent={preloadSection}
        renderSection={(view, open) => (
          <DashboardSectionContent
            view={view}
            open={open}
            onCreate={create}
            onUseTemplate={(template) => startCreation({ mode: 'quick', template })}
            onWebchatCode={(agentId) => setWebchat({ agentId, open: true })}
          />
        )}
        renderDialogs={(open) => (
          <PlanLimitDialog
            open={limitOpen}
            onOpenChange={setLimitOpen}
            limit={agentLimit}
            onChangePlan={() => {
              setLimitOpen(false);
              open('settings');
            }}
          />
        )}
      />
      <QuickCreateDialog
        open={creation?.mode === 'quick'}
        template={creation?.template}
        onOpenChange={close}
      />
      <CreationWizard
        open={creation?.mode === 'wizard'}
        onOpenChange={close}
        // already past the plan check: the wizard was opened through startCreation
        onUseTemplate={(template) => setCreation({ mode: 'quick', template })}
      />
      {webchat ? (
        <WebchatCodeDialog
          agentId={webchat.agentId}
          open={webchat.open}
          onOpenChange={(open) => setWebchat((current) => current && { ...current, open })}
        />
      ) : null}
    </OwnerEventsProvider>
  );
}
