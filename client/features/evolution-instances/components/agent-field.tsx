import { useTranslation } from 'react-i18next';
import { LabelledField } from '@/components/labelled-field';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { NO_AGENT } from '@/features/evolution-instances/lib/instance-form';
import { useAgentsQuery } from '@/lib/agents/get-agents';

/** Optional Connected Agent, chosen from the owner's agents list. */
export function AgentField({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation('evolution');
  const agents = useAgentsQuery();
  return (
    <LabelledField htmlFor={id} label={t('dialog.fields.connectedAgentId')} error={error}>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id} aria-invalid={error ? true : undefined}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={NO_AGENT}>{t('dialog.noAgent')}</SelectItem>
          {(agents.data ?? []).map((agent) => (
            <SelectItem key={agent.id} value={String(agent.id)}>
              {agent.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </LabelledField>
  );
}
