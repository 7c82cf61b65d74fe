import { Bot } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { AgentSelect } from '@/features/whatsapp/components/agent-select';
import { AgentWhatsapp } from '@/features/whatsapp/components/agent-whatsapp';
import { SectionEmpty } from '@/features/whatsapp/components/section-empty';
import { useAgentsQuery } from '@/lib/agents/get-agents';

interface WhatsappSectionProps {
  /** The agent's WhatsApp conversations, composed by the app from the conversations feature. */
  renderConversations?: (agentId: number) => ReactNode;
}

/** Section "whatsapp": choose an agent, then create or manage its instance. */
export function WhatsappSection({ renderConversations }: WhatsappSectionProps) {
  const { t } = useTranslation('whatsapp');
  const id = useId();
  const agents = useAgentsQuery();
  const [chosenId, setChosenId] = useState<number | undefined>();

  if (agents.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label={t('picker.loading')} />
      </div>
    );
  }
  if (agents.isError) {
    return <ErrorAlert title={t('picker.loadError')} message={agents.error.message} />;
  }
  if (agents.data.length === 0) {
    return (
      <SectionEmpty icon={<Bot className="size-6" />} title={t('picker.emptyTitle')}>
        {t('picker.emptyDescription')}
      </SectionEmpty>
    );
  }
  const selected = agents.data.find((agent) => agent.id === chosenId);
  return (
    <div className="grid gap-6" data-testid="whatsapp-section">
      <Card>
        <CardHeader>
          <CardTitle>{t('picker.title')}</CardTitle>
          <CardDescription>{t('picker.description')}</CardDescription>
        </CardHeader>
        <CardContent className="max-w-md">
          <AgentSelect id={id} agents={agents.data} value={chosenId} onChange={setChosenId} />
        </CardContent>
      </Card>
      {selected ? (
        <AgentWhatsapp
          key={selected.id}
          agent={selected}
          conversations={renderConversations?.(selected.id)}
        />
      ) : (
        <SectionEmpty icon={<Bot className="size-6" />} title={t('picker.chooseTitle')}>
          {t('picker.chooseDescription')}
        </SectionEmpty>
      )}
    </div>
  );
}
