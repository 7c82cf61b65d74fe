import { ArrowLeft, Bot } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /agents/:agentId/edit before agent management exists: says so instead of showing a fake editor. */
export function AgentEditorPage({ agentId }: { agentId: string }) {
  const { t } = useTranslation();
  useDocumentTitle(t('agentEditor.pageTitle'));
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-muted/50 p-6 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-brand-navy text-brand-lime">
        <Bot aria-hidden="true" className="size-7" />
      </span>
      <h1 className="text-2xl font-bold text-brand-navy">{t('agentEditor.title')}</h1>
      <p className="max-w-md text-muted-foreground">{t('agentEditor.description')}</p>
      <p className="text-sm text-muted-foreground">{t('agentEditor.agentId', { id: agentId })}</p>
      <Button asChild>
        <Link href="/dashboard">
          <ArrowLeft aria-hidden="true" />
          {t('agentEditor.back')}
        </Link>
      </Button>
    </main>
  );
}
