import { Bot, MessageSquareDashed } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { Spinner } from '@/components/ui/spinner';
import { AgentPicker } from '@/features/agent-test/components/agent-picker';
import { AgentTestWorkspace } from '@/features/agent-test/components/agent-test-workspace';
import { useAgentsQuery } from '@/lib/agents/get-agents';

interface AgentTestSectionProps {
  initialAgentId: number | undefined;
  onWebchatCode: (agentId: number) => void;
}

/** Section "testing": pick an agent, then test it by text, voice and image. */
export function AgentTestSection({ initialAgentId, onWebchatCode }: AgentTestSectionProps) {
  const { t } = useTranslation('console');
  const agents = useAgentsQuery();
  const [chosenId, setChosenId] = useState(initialAgentId);
  // "Testar" elsewhere hands over another agent while this section stays mounted.
  const [handedOver, setHandedOver] = useState(initialAgentId);
  if (initialAgentId !== handedOver) {
    setHandedOver(initialAgentId);
    setChosenId(initialAgentId);
  }

  if (agents.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label={t('testing.picker.loading')} />
      </div>
    );
  }
  if (agents.isError) {
    return <ErrorAlert title={t('testing.picker.loadError')} message={agents.error.message} />;
  }
  if (agents.data.length === 0) {
    return (
      <EmptyState icon={<Bot className="size-6" />} title={t('testing.picker.emptyTitle')}>
        {t('testing.picker.emptyDescription')}
      </EmptyState>
    );
  }

  const selected = agents.data.find((agent) => agent.id === chosenId);
  return (
    <div className="flex flex-col gap-6" data-testid="testing-section">
      <AgentPicker agents={agents.data} selected={selected} onSelect={setChosenId} />
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
}

function EmptyState({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="flex flex-col items-center gap-3 rounded-xl border-2 border-dashed bg-card px-6 py-16 text-center">
      <span
        aria-hidden="true"
        className="inline-flex size-12 items-center justify-center rounded-full bg-muted text-brand-navy"
      >
        {icon}
      </span>
      <h2 className="text-lg font-semibold text-brand-navy">{title}</h2>
      <p className="max-w-xl text-muted-foreground">{children}</p>
    </section>
  );
}
