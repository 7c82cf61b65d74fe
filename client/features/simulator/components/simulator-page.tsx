import { ArrowLeft, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ErrorAlert } from '@/components/error-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useSimInstancesQuery } from '@/features/simulator/api/get-sim-instances';
import { CloudSimSection } from '@/features/simulator/components/cloud-sim-section';
import { SimChatPanel } from '@/features/simulator/components/sim-chat-panel';
import { SimInstanceList } from '@/features/simulator/components/sim-instance-list';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * /simulator: the built-in gateway's stand-in for a real phone. The owner "scans" a pending
 * instance's QR code and chats as a customer, seeing the agent's replies. Below, the official
 * numbers the simulator plays Meta for, with their customers' chats.
 */
export function SimulatorPage() {
  const { t } = useTranslation('simulator');
  useDocumentTitle(t('title'));
  const instances = useSimInstancesQuery();
  const [chosen, setChosen] = useState<string | null>(null);
  const open = (instances.data ?? []).filter((instance) => instance.state === 'open');
  const chatInstance = open.find((i) => i.instanceName === chosen) ?? open[0] ?? null;

  return (
    <div className="min-h-screen bg-muted/50">
      <header className="border-b bg-brand-navy text-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3 px-4 py-4">
          <Smartphone aria-hidden="true" className="size-6 text-brand-lime" />
          <h1 className="text-xl font-bold">{t('title')}</h1>
          <Badge variant="brand">{t('badge')}</Badge>
          <Button
            asChild
            variant="ghost"
            size="sm"
            className="ml-auto text-white hover:bg-white/10 hover:text-white"
          >
            <Link href="/dashboard">
              <ArrowLeft aria-hidden="true" />
              {t('back')}
            </Link>
          </Button>
        </div>
      </header>
      <main className="mx-auto grid max-w-6xl gap-6 p-4 sm:p-6">
        <p
          className="rounded-lg border border-blue-200 bg-blue-50 p-4 text-sm text-blue-950"
          data-testid="simulator-explainer"
        >
          {t('explainer')}
        </p>
        {instances.isPending ? (
          <div className="flex justify-center py-12">
            <Spinner label={t('loading')} />
          </div>
        ) : instances.isError ? (
          <ErrorAlert title={t('loadError')} message={instances.error.message} />
        ) : (
          <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_1fr]">
            <SimInstanceList instances={instances.data} />
            <SimChatPanel instances={open} instance={chatInstance} onChooseInstance={setChosen} />
          </div>
        )}
        <CloudSimSection />
      </main>
    </div>
  );
}
