import { Bot } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AgentsGate } from '@/components/agents-gate';
import { chosenAgent } from '@/lib/agents/get-agents';
import { EmptyState } from '@/components/empty-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { WhatsappAgentSelect } from './whatsapp-agent-select';
import { AgentWhatsapp } from '@/features/whatsapp/components/agent-whatsapp';
import { usePickerTexts } from '@/features/whatsapp/lib/picker-texts';
import type { Agent } from '@common/schemas/agent';

interface WhatsappSectionProps {
  /** The agent's WhatsApp conversations, composed by the app from the conversations feature. */
  renderConversations?: (agentId: number) => ReactNode;
}

/** Section "whatsapp": choose an agent, then create or manage its instance. */
export function WhatsappSection({ renderConversations }: WhatsappSectionProps) {
  const { t } = useTranslation('whatsapp');
  const id = useId();
  const [chosenId, setChosenId] = useState<number | undefined>();
  const pickerTexts = usePickerTexts();

  const workspace = (agents: Agent[]) => {
    const selected = chosenAgent(agents, chosenId);
    return (
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6" data-testid="whatsapp-section">
        <Card>
          <CardHeader>
            <CardTitle>{t('picker.title')}</CardTitle>
            <CardDescription>{t('picker.description')}</CardDescription>
          </CardHeader>
          <CardContent className="max-w-md">
            <WhatsappAgentSelect
              id={id}
              agents={agents}
              value={selected?.id}
              onChange={setChosenId}
            />
          </CardContent>
        </Card>
        {selected ? (
          <AgentWhatsapp
            key={selected.id}
            agent={selected}
            conversations={renderConversations?.(selected.id)}
          />
        ) : (
          <EmptyState icon={<Bot className="size-6" />} title={t('picker.chooseTitle')}>
            {t('picker.chooseDescription')}
          </EmptyState>
        )}
      </div>
    );
  };
  return <AgentsGate texts={pickerTexts}>{workspace}</AgentsGate>;
}
