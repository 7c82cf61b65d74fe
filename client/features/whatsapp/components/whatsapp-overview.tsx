import type { Agent } from '@common/schemas/agent';
import { Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { AgentsGate } from '@/components/agents-gate';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useWhatsappInstanceQuery } from '@/features/whatsapp/api/get-whatsapp-instance';
import { WhatsappStatusBadge } from '@/features/whatsapp/components/whatsapp-status-badge';
import { formatPhone } from '@/features/whatsapp/lib/format';
import { isConnected } from '@/features/whatsapp/lib/status';
import { usePickerTexts } from '@/features/whatsapp/lib/picker-texts';
import { SECTION_PATHS } from '@/lib/dashboard-paths';

/**
 * Section "whatsapp", as an owner sees it: each agent's number and its state, and how to connect
 * one (in the agent's WhatsApp tab). The gateway's tooling is under Avançado.
 */
export function WhatsappOverview() {
  const { t } = useTranslation('whatsapp');
  const pickerTexts = usePickerTexts();
  return (
    <AgentsGate texts={pickerTexts}>
      {(agents: Agent[]) => (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6" data-testid="whatsapp-overview">
          <Card>
            <CardHeader>
              <CardTitle>{t('overview.title')}</CardTitle>
              <CardDescription>{t('overview.description')}</CardDescription>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-2">
                {agents.map((agent) => (
                  <AgentNumber key={agent.id} agent={agent} />
                ))}
              </ul>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t('overview.howTitle')}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4 text-sm">
              <ol className="grid list-decimal gap-2 pl-5">
                <li>{t('overview.steps.open')}</li>
                <li>{t('overview.steps.number')}</li>
                <li>{t('overview.steps.scan')}</li>
              </ol>
              <p className="flex flex-wrap items-center gap-2 text-muted-foreground">
                <Wrench aria-hidden="true" className="size-4" />
                {t('overview.advanced')}{' '}
                <Link
                  href={SECTION_PATHS['whatsapp-instances']}
                  className="font-medium text-foreground underline underline-offset-4"
                >
                  {t('overview.advancedLink')}
                </Link>
              </p>
            </CardContent>
          </Card>
        </div>
      )}
    </AgentsGate>
  );
}

/** One agent: its number and state, and the way to connect or look after it. */
function AgentNumber({ agent }: { agent: Agent }) {
  const { t } = useTranslation('whatsapp');
  const instance = useWhatsappInstanceQuery(agent.id);
  const view = instance.data;
  const connected = Boolean(view?.hasInstance && isConnected(view.status));
  const number = view?.connectedNumber ?? view?.phoneNumber ?? null;
  return (
    <li
      className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border p-3"
      data-testid="whatsapp-overview-agent"
      data-agent={agent.id}
    >
      <div className="min-w-48 flex-1">
        <p className="font-medium break-words">{agent.name}</p>
        <p className="text-sm text-muted-foreground">
          {!view
            ? t('panel.loading')
            : view.hasInstance && number
              ? formatPhone(number)
              : t('overview.noNumber')}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {view?.hasInstance ? <WhatsappStatusBadge status={view.status} /> : null}
        <Button asChild variant={connected ? 'outline' : 'brand'} size="sm">
          <Link href={`/agents/${agent.id}/edit?tab=whatsapp`}>
            {connected ? t('overview.manage') : t('overview.connect')}
          </Link>
        </Button>
      </div>
    </li>
  );
}
