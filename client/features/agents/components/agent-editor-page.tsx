import { ArrowLeft, Bot, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAgentQuery } from '@/features/agents/api/get-agent';
import { AgentEditor } from '@/features/agents/components/editor/agent-editor';
import type { GuardedNavigate } from '@/features/agents/hooks/use-leave-guard';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApiError } from '@/lib/api-client';

interface AgentEditorPageProps {
  agentId: string;
  /** The dashboard sidebar, composed by the app; its navigation asks before losing changes. */
  renderSidebar?: (navigate: GuardedNavigate) => ReactNode;
  /** Tab 3, composed by the app from the WhatsApp feature. */
  renderWhatsappTab?: (agentId: number) => ReactNode;
  /** Tab 4, composed by the app from the appointments feature. */
  renderAppointmentsTab?: (agentId: number) => ReactNode;
}

/** /agents/:agentId/edit. The route already sends signed-out visitors to /auth. */
export function AgentEditorPage({
  agentId,
  renderSidebar,
  renderWhatsappTab,
  renderAppointmentsTab,
}: AgentEditorPageProps) {
  const { t } = useTranslation('agents');
  const agent = useAgentQuery(agentId);
  useDocumentTitle(
    agent.data ? `${agent.data.name} · ${t('editor.pageTitle')}` : t('editor.pageTitle'),
  );

  if (agent.isPending) {
    return (
      <main className="flex min-h-screen flex-col items-center justify-center gap-3">
        <Spinner label={t('editor.loading')} />
        <p className="text-muted-foreground">{t('editor.loading')}</p>
      </main>
    );
  }
  if (agent.isError) {
    const notFound = agent.error instanceof ApiError && agent.error.status === 404;
    return (
      <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-muted/50 p-6 text-center">
        <span className="inline-flex size-14 items-center justify-center rounded-full bg-brand-navy text-brand-lime">
          <Bot aria-hidden="true" className="size-7" />
        </span>
        <h1 className="text-2xl font-bold text-brand-navy">
          {notFound ? t('editor.notFoundTitle') : t('editor.loadErrorTitle')}
        </h1>
        <p className="max-w-md text-muted-foreground">
          {notFound ? t('editor.notFoundDescription', { id: agentId }) : agent.error.message}
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          {notFound ? null : (
            <Button variant="outline" onClick={() => void agent.refetch()}>
              <RotateCw aria-hidden="true" />
              {t('editor.retry')}
            </Button>
          )}
          <Button asChild>
            <Link href="/dashboard">
              <ArrowLeft aria-hidden="true" />
              {t('editor.back')}
            </Link>
          </Button>
        </div>
      </main>
    );
  }
  return (
    <AgentEditor
      key={agent.data.id}
      agent={agent.data}
      renderSidebar={renderSidebar}
      renderWhatsappTab={renderWhatsappTab}
      renderAppointmentsTab={renderAppointmentsTab}
    />
  );
}
