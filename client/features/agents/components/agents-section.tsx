import { Bot, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { AgentCard } from '@/features/agents/components/agent-card';
import { AgentCardsSkeleton } from '@/features/agents/components/agent-cards-skeleton';
import { useAgentsQuery } from '@/lib/agents/get-agents';

interface AgentsSectionProps {
  onCreate: () => void;
  onTest: (agentId: number) => void;
  onWebchatCode: (agentId: number) => void;
}

/** Section "agents": the grid of the owner's agents. */
export function AgentsSection({ onCreate, onTest, onWebchatCode }: AgentsSectionProps) {
  const { t } = useTranslation('agents');
  const agents = useAgentsQuery();
  return (
    <section aria-labelledby="agents-title" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="agents-title" className="text-2xl font-bold text-brand-navy">
            {t('list.title')}
          </h2>
          <p className="text-muted-foreground">{t('list.subtitle')}</p>
        </div>
        <Button variant="brand" onClick={onCreate}>
          <Plus aria-hidden="true" />
          {t('list.create')}
        </Button>
      </div>
      {agents.isPending ? <AgentCardsSkeleton /> : null}
      {agents.isError ? (
        <ErrorAlert title={t('list.loadError')} message={agents.error.message}>
          <Button variant="outline" size="sm" onClick={() => void agents.refetch()}>
            {t('list.retry')}
          </Button>
        </ErrorAlert>
      ) : null}
      {agents.data?.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border-2 border-dashed bg-card px-6 py-16 text-center">
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-muted text-brand-navy">
            <Bot aria-hidden="true" className="size-6" />
          </span>
          <h3 className="text-lg font-semibold text-brand-navy">{t('list.emptyTitle')}</h3>
          <p className="max-w-md text-muted-foreground">{t('list.emptyDescription')}</p>
          <Button variant="brand" onClick={onCreate}>
            <Plus aria-hidden="true" />
            {t('list.emptyAction')}
          </Button>
        </div>
      ) : null}
      {agents.data && agents.data.length > 0 ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {agents.data.map((agent) => (
            <AgentCard key={agent.id} agent={agent} onTest={onTest} onWebchatCode={onWebchatCode} />
          ))}
        </div>
      ) : null}
    </section>
  );
}
