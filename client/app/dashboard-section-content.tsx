import type { AgentTemplate } from '@common/templates';
import { GoLiveChecklistSection } from '@/app/go-live-checklist-section';
import { AgentTestSection } from '@/features/agent-test/components/agent-test-section';
import { AgentsSection } from '@/features/agents/components/agents-section';
import { RecentAgentsCard } from '@/features/agents/components/recent-agents-card';
import { ConversationsCard } from '@/features/conversations/components/conversations-card';
import type { CreationMode } from '@/features/dashboard/components/dashboard-header';
import { DashboardHome } from '@/features/dashboard/components/dashboard-home';
import type { OpenSection, SectionView } from '@/features/dashboard/components/dashboard-shell';
import { EvolutionInstancesSection } from '@/features/evolution-instances/components/evolution-instances-section';
import { SettingsSection } from '@/features/settings/components/settings-section';
import { SubscriptionBanner } from '@/features/subscriptions/components/subscription-banner';
import { TemplatesSection } from '@/features/templates/components/templates-section';
import { WhatsappSection } from '@/features/whatsapp/components/whatsapp-section';
import { WhatsappTestSection } from '@/features/whatsapp/components/whatsapp-test-section';

interface DashboardSectionContentProps {
  view: SectionView;
  open: OpenSection;
  onCreate: (mode: CreationMode) => void;
  onUseTemplate: (template: AgentTemplate) => void;
  onWebchatCode: (agentId: number) => void;
}

/** Which feature fills each dashboard section. */
export function DashboardSectionContent(props: DashboardSectionContentProps) {
  const { view, open, onCreate, onUseTemplate, onWebchatCode } = props;
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
          onQuickLink={(link) =>
            link === 'wizard' || link === 'quick' ? onCreate(link) : open(link)
          }
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
      return <AgentTestSection initialAgentId={view.agentId} onWebchatCode={onWebchatCode} />;
    case 'settings':
      return <SettingsSection />;
    case 'whatsapp':
      return (
        <WhatsappSection
          renderConversations={(agentId) => (
            <ConversationsCard agentId={agentId} channel="whatsapp" />
          )}
        />
      );
    case 'whatsapp-test':
      return <WhatsappTestSection />;
    case 'evolution':
      return <EvolutionInstancesSection />;
  }
}
