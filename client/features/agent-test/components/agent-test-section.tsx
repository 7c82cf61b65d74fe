import type { Agent } from '@common/schemas/agent';
import { MessageSquareDashed } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AgentsGate } from '@/components/agents-gate';
import { chosenAgent } from '@/lib/agents/get-agents';
import { EmptyState } from '@/components/empty-state';
import { AgentPicker } from '@/features/agent-test/components/agent-picker';
import { AgentTestWorkspace } from '@/features/agent-test/components/agent-test-workspace';

interface AgentTestSectionProps {
  /** the agent under test (the app keeps it in the address: 'Testar' elsewhere hands one over) */
  agentId: number | undefined;
  onSelectAgent: (agentId: number) => void;
  onWebchatCode: (agentId: number) => void;
}

/** Section "testing": pick an agent, then test it by text, voice and image. */
export function AgentTestSection({ agentId, onSelectAgent, onWebchatCode }: AgentTestSectionProps) {
  const { t } = useTranslation('console');

  const gateTexts = {
    loading: t('testing.picker.loading'),
    loadError: t('testing.picker.loadError'),
    emptyTitle: t('testing.picker.emptyTitle'),
    emptyDescription: t('testing.picker.emptyDescription'),
  };

  const workspace = (agents: Agent[]) => {
    const selected = chosenAgent(agents, agentId);
    return (
      <div className="flex flex-col gap-6" data-testid="testing-section">
        <AgentPicker agents={agents} selected={selected} onSelect={onSelectAgent} />
        {selected ? (
          <AgentTestWorkspace key={selected.id} agent={selected} onWebchatCode={onWebchatCode} />
        ) : (
          <EmptyState
            icon={<MessageSquareDashed className="size-6" />}
            title={t('testing.picker.chooseTitle')}
          >
            {t('testing.picker.chooseDescription')}
          </EmptyState>
        )}
      </div>
    );
  };
  return <AgentsGate texts={gateTexts}>{workspace}</AgentsGate>;
}
