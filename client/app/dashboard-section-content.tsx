import type { AgentTemplate } from '@common/templates';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentType } from 'react';
import { useLocation } from 'wouter';
import { GoLiveChecklistSection } from '@/app/go-live-checklist-section';
import { HomeAnalyticsCard } from '@/features/analytics/components/home-analytics-card';
import { RecentAgentsCard } from '@/features/agents/components/recent-agents-card';
import { ConversationsCard } from '@/features/conversations/components/conversations-card';
import { inboxQueryKey } from '@/features/inbox/api/inbox-keys';
import { InboxCard } from '@/features/inbox/components/inbox-card';
import type { CreationMode } from '@/features/dashboard/components/dashboard-header';
import { DashboardHome } from '@/features/dashboard/components/dashboard-home';
import type { OpenSection, SectionView } from '@/features/dashboard/components/dashboard-shell';
import { SubscriptionBanner } from '@/features/subscriptions/components/subscription-banner';
import { SectionSkeleton } from '@/components/skeletons/section-skeleton';
import { sectionPath } from '@/lib/dashboard-paths';

/** A section's code, fetched the first time the owner opens it (the home is in the dashboard's). */
function lazySection<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  return lazy(async () => ({ default: await load() }));
}

const AgentsSection = lazySection(
  async () => (await import('@/features/agents/components/agents-section')).AgentsSection,
);
const TemplatesSection = lazySection(
  async () => (await import('@/features/templates/components/templates-section')).TemplatesSection,
);
const AgentTestSection = lazySection(
  async () =>
    (await import('@/features/agent-test/components/agent-test-section')).AgentTestSection,
);
const SettingsSection = lazySection(
  async () => (await import('@/features/settings/components/settings-section')).SettingsSection,
);
const WhatsappOverview = lazySection(
  async () => (await import('@/features/whatsapp/components/whatsapp-overview')).WhatsappOverview,
);
const WhatsappSection = lazySection(
  async () => (await import('@/features/whatsapp/components/whatsapp-section')).WhatsappSection,
);
const WhatsappTestSection = lazySection(
  async () =>
    (await import('@/features/whatsapp/components/whatsapp-test-section')).WhatsappTestSection,
);
const InboxSection = lazySection(
  async () => (await import('@/features/inbox/components/inbox-section')).InboxSection,
);
const ContactsSection = lazySection(
  async () => (await import('@/features/contacts/components/contacts-section')).ContactsSection,
);
const AnalyticsSection = lazySection(
  async () => (await import('@/features/analytics/components/analytics-section')).AnalyticsSection,
);
const AppointmentsSection = lazySection(
  async () =>
    (await import('@/features/appointments/components/appointments-section')).AppointmentsSection,
);
const UnansweredQuestions = lazySection(
  async () =>
    (await import('@/features/unanswered/components/unanswered-questions')).UnansweredQuestions,
);
const EvolutionInstancesSection = lazySection(
  async () =>
    (await import('@/features/evolution-instances/components/evolution-instances-section'))
      .EvolutionInstancesSection,
);

interface DashboardSectionContentProps {
  view: SectionView;
  open: OpenSection;
  onCreate: (mode: CreationMode) => void;
  onUseTemplate: (template: AgentTemplate) => void;
  onWebchatCode: (agentId: number) => void;
}

/** Which feature fills each dashboard section; a skeleton of it while its code loads. */
export function DashboardSectionContent(props: DashboardSectionContentProps) {
  return (
    <Suspense fallback={<SectionSkeleton />}>
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
      return (
        <WhatsappSection
          renderConversations={(agentId) => (
            <ConversationsCard agentId={agentId} channel="whatsapp" />
          )}
        />
      );
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
