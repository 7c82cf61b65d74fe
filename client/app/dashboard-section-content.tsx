import type { AgentTemplate } from '@common/templates';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, type ComponentType } from 'react';
import { useLocation } from 'wouter';
import { GoLiveChecklistSection } from '@/app/go-live-checklist-section';
import { HomeAnalyticsCard } from '@/features/analytics/components/home-analytics-card';
import { RecentAgentsCard } from '@/features/agents/components/recent-agents-card';
import { inboxQueryKey } from '@/features/inbox/api/inbox-keys';
import { InboxCard } from '@/features/inbox/components/inbox-card';
import type { CreationMode } from '@/features/dashboard/components/dashboard-header';
import { DashboardHome } from '@/features/dashboard/components/dashboard-home';
import type { OpenSection, SectionView } from '@/features/dashboard/components/dashboard-shell';
import { SubscriptionBanner } from '@/features/subscriptions/components/subscription-banner';
import { SectionSkeleton } from '@/components/skeletons/section-skeleton';
import { sectionPath, type SectionId } from '@/lib/dashboard-paths';
import type { Namespace } from '@/lib/i18n';
import { lazyWithCatalogues } from '@/lib/lazy-with-catalogues';

/**
 * A section's code and the catalogues it reads, fetched together the first time the owner opens
 * it (or points at its link: `preloadSection`); the home is in the dashboard's own chunk.
 */
function lazySection<P extends object>(
  load: () => Promise<ComponentType<P>>,
  namespaces: readonly Namespace[],
): ComponentType<P> & { preload: () => Promise<unknown> } {
  const { Component, preload } = lazyWithCatalogues(load, namespaces);
  return Object.assign(Component, { preload });
}

// Each section's namespaces are those its components read; `errors` for those with forms.
const AgentsSection = lazySection(
  async () => (await import('@/features/agents/components/agents-section')).AgentsSection,
  ['agents', 'errors'],
);
const TemplatesSection = lazySection(
  async () => (await import('@/features/templates/components/templates-section')).TemplatesSection,
  ['agents', 'errors'],
);
const AgentTestSection = lazySection(
  async () =>
    (await import('@/features/agent-test/components/agent-test-section')).AgentTestSection,
  ['agents', 'console', 'errors'],
);
const SettingsSection = lazySection(
  async () => (await import('@/features/settings/components/settings-section')).SettingsSection,
  ['billing', 'console', 'errors'],
);
const WhatsappOverview = lazySection(
  async () => (await import('@/features/whatsapp/components/whatsapp-overview')).WhatsappOverview,
  ['whatsapp'],
);
// The integrators' instances list with each agent's WhatsApp conversations: one fetch for both.
const WhatsappInstances = lazySection(async () => {
  const [{ WhatsappSection }, { ConversationsCard }] = await Promise.all([
    import('@/features/whatsapp/components/whatsapp-section'),
    import('@/features/conversations/components/conversations-card'),
  ]);
  return function WhatsappInstances() {
    return (
      <WhatsappSection
        renderConversations={(agentId) => (
          <ConversationsCard agentId={agentId} channel="whatsapp" />
        )}
      />
    );
  };
}, ['whatsapp', 'errors']);
const WhatsappTestSection = lazySection(
  async () =>
    (await import('@/features/whatsapp/components/whatsapp-test-section')).WhatsappTestSection,
  ['whatsapp', 'errors'],
);
const InboxSection = lazySection(
  async () => (await import('@/features/inbox/components/inbox-section')).InboxSection,
  ['inbox', 'errors'],
);
const ContactsSection = lazySection(
  async () => (await import('@/features/contacts/components/contacts-section')).ContactsSection,
  ['contacts', 'errors'],
);
const AnalyticsSection = lazySection(
  async () => (await import('@/features/analytics/components/analytics-section')).AnalyticsSection,
  ['analytics', 'unanswered', 'errors'],
);
const AppointmentsSection = lazySection(
  async () =>
    (await import('@/features/appointments/components/appointments-section')).AppointmentsSection,
  ['appointments', 'errors'],
);
const UnansweredQuestions = lazySection(
  async () =>
    (await import('@/features/unanswered/components/unanswered-questions')).UnansweredQuestions,
  ['unanswered', 'errors'],
);
const EvolutionInstancesSection = lazySection(
  async () =>
    (await import('@/features/evolution-instances/components/evolution-instances-section'))
      .EvolutionInstancesSection,
  ['evolution', 'errors'],
);

const SECTION_CODE: Record<
  Exclude<SectionId, 'dashboard'>,
  { preload: () => Promise<unknown> }[]
> = {
  agents: [AgentsSection],
  templates: [TemplatesSection],
  testing: [AgentTestSection],
  settings: [SettingsSection],
  whatsapp: [WhatsappOverview],
  'whatsapp-instances': [WhatsappInstances],
  conversations: [InboxSection],
  unanswered: [UnansweredQuestions],
  contacts: [ContactsSection],
  appointments: [AppointmentsSection],
  analytics: [AnalyticsSection, UnansweredQuestions],
  'whatsapp-test': [WhatsappTestSection],
  evolution: [EvolutionInstancesSection],
};

/** Fetches a section's code and catalogues ahead, when the owner points at or focuses its link. */
export function preloadSection(section: SectionId): void {
  if (section === 'dashboard') return;
  for (const part of SECTION_CODE[section])
    part.preload().catch(() => {
      // preloading is best effort: opening the section fetches again and shows what fails
    });
}

interface DashboardSectionContentProps {
  view: SectionView;
  open: OpenSection;
  onCreate: (mode: CreationMode) => void;
  onUseTemplate: (template: AgentTemplate) => void;
  onWebchatCode: (agentId: number) => void;
}

/** Which feature fills each dashboard section; a skeleton of it while its code loads. */
export function DashboardSectionContent(props: DashboardSectionContentProps) {
  // One boundary per section: the section left is unmounted at once. With one boundary for all,
  // a section whose code is still on its way would only hide the one left, and coming straight
  // back would show that one again as it was, without asking the server again.
  return (
    <Suspense key={props.view.section} fallback={<SectionSkeleton />}>
      <SectionContent {...props} />
    </Suspense>
  );
}

function SectionContent(props: DashboardSectionContentProps) {
  const { view, open, onCreate, onUseTemplate, onWebchatCode } = props;
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const openConversation = (conversationId?: number) => open('conversations', { conversationId });
  const testAgent = (agentId: number) => open('testing', { agentId });
  switch (view.section) {
    case 'dashboard':
      return (
        <DashboardHome
          banner={<SubscriptionBanner />}
          checklist={
            <GoLiveChecklistSection open={open} onCreate={onCreate} onWebchatCode={onWebchatCode} />
          }
          recentAgents={
            <RecentAgentsCard
              onCreate={() => onCreate('quick')}
              onTest={testAgent}
              onViewAll={() => open('agents')}
            />
          }
          conversations={<InboxCard onOpen={openConversation} />}
          analytics={<HomeAnalyticsCard onViewReports={() => open('analytics')} />}
          onWizard={() => onCreate('wizard')}
        />
      );
    case 'agents':
      return (
        <AgentsSection
          onCreate={() => onCreate('quick')}
          onTest={testAgent}
          onWebchatCode={onWebchatCode}
        />
      );
    case 'templates':
      return <TemplatesSection onUseTemplate={onUseTemplate} />;
    case 'testing':
      // The agent under test is the query's (`?agente=`): a reload keeps it; choosing another
      // replaces it rather than adding a history entry.
      return (
        <AgentTestSection
          agentId={view.agentId}
          onSelectAgent={(agentId) =>
            navigate(sectionPath('testing', { agentId }), { replace: true })
          }
          onWebchatCode={onWebchatCode}
        />
      );
    case 'settings':
      return <SettingsSection />;
    case 'whatsapp':
      return <WhatsappOverview />;
    case 'whatsapp-instances':
      return <WhatsappInstances />;
    case 'conversations':
      // The open conversation is the query's (`?conversa=`): a reload, a bookmark and Back keep
      // it; the bell and the home's card open one by its path.
      return (
        <InboxSection
          openId={view.conversationId ?? null}
          onOpenChange={(id) => {
            const conversationId = id ?? undefined;
            if (conversationId !== view.conversationId)
              navigate(sectionPath('conversations', { conversationId }));
          }}
        />
      );
    case 'unanswered':
      return <UnansweredQuestions hideTitle onOpenConversation={openConversation} />;
    case 'contacts':
      return (
        <ContactsSection
          onOpenConversation={openConversation}
          onErased={() => void queryClient.invalidateQueries({ queryKey: inboxQueryKey })}
        />
      );
    case 'appointments':
      return (
        <AppointmentsSection
          onConfigureAgent={(agentId) => navigate(`/agents/${agentId}/edit?tab=appointments`)}
          onCreateAgent={() => open('agents')}
        />
      );
    case 'analytics':
      return (
        <AnalyticsSection
          unanswered={<UnansweredQuestions hideTitle onOpenConversation={openConversation} />}
        />
      );
    case 'whatsapp-test':
      return <WhatsappTestSection />;
    case 'evolution':
      return <EvolutionInstancesSection />;
  }
}
