import type { Agent } from '@common/schemas/agent';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AgentSelect } from '@/components/agent-select';
import { AgentStatusBadge } from '@/components/agent-status-badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

interface AgentPickerProps {
  agents: Agent[];
  selected: Agent | undefined;
  onSelect: (id: number) => void;
}

/** Chooses the agent under test and shows its description, model, temperature and status. */
export function AgentPicker({ agents, selected, onSelect }: AgentPickerProps) {
  const { t } = useTranslation('console');
  const id = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('testing.picker.title')}</CardTitle>
        <CardDescription>{t('testing.picker.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 md:grid-cols-[minmax(0,20rem)_1fr] md:items-start">
        <AgentSelect
          id={id}
          agents={agents}
          value={selected?.id}
          onChange={onSelect}
          label={t('testing.picker.label')}
          placeholder={t('testing.picker.placeholder')}
        />
        {selected ? <AgentDetails agent={selected} /> : null}
      </CardContent>
    </Card>
  );
}

function AgentDetails({ agent }: { agent: Agent }) {
  const { t, i18n } = useTranslation('console');
  const temperature = new Intl.NumberFormat(i18n.language, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 2,
  }).format(agent.temperature);
  return (
    <dl
      data-testid="agent-details"
      className="grid grid-cols-3 gap-x-4 gap-y-3 rounded-lg bg-muted/60 p-3 text-sm sm:gap-x-6 sm:p-4"
    >
      <div className="col-span-3">
        <dt className="font-medium text-muted-foreground">
          {t('testing.picker.descriptionLabel')}
        </dt>
        <dd className="mt-1 break-words">
          {agent.description || t('testing.picker.noDescription')}
        </dd>
      </div>
      <div>
        <dt className="font-medium text-muted-foreground">{t('testing.picker.model')}</dt>
        <dd className="mt-1 font-mono break-words">{agent.model}</dd>
      </div>
      <div>
        <dt className="font-medium text-muted-foreground">{t('testing.picker.temperature')}</dt>
        <dd className="mt-1">{temperature}</dd>
      </div>
      <div>
        <dt className="font-medium text-muted-foreground">{t('testing.picker.status')}</dt>
        <dd className="mt-1">
          <AgentStatusBadge status={agent.status} />
        </dd>
      </div>
    </dl>
  );
}
