import { Bot } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/empty-state';
import { ErrorAlert } from '@/components/error-alert';
import { Spinner } from '@/components/ui/spinner';
import type { Agent } from '@common/schemas/agent';
import { useAgentsQuery } from '@/lib/agents/get-agents';

/** The texts of the three states before a section has agents to show, in its own catalogue. */
export interface AgentsGateTexts {
  loading: string;
  loadError: string;
  emptyTitle: string;
  emptyDescription: string;
}

/**
 * A section that works on one of the owner's agents: while the agents load it shows a spinner, on
 * failure the error, with none an empty state; then it renders `children` with the list.
 */
export function AgentsGate({
  texts,
  children,
}: {
  texts: AgentsGateTexts;
  children: (agents: Agent[]) => ReactNode;
}) {
  const agents = useAgentsQuery();
  if (agents.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label={texts.loading} />
      </div>
    );
  }
  if (agents.isError) {
    return <ErrorAlert title={texts.loadError} message={agents.error.message} />;
  }
  if (agents.data.length === 0) {
    return (
      <EmptyState icon={<Bot className="size-6" />} title={texts.emptyTitle}>
        {texts.emptyDescription}
      </EmptyState>
    );
  }
  return children(agents.data);
}
