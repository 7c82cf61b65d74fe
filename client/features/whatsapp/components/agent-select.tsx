import type { Agent } from '@common/schemas/agent';
import { useTranslation } from 'react-i18next';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';

interface AgentSelectProps {
  id: string;
  agents: Agent[];
  value: number | undefined;
  onChange: (id: number) => void;
}

/** The agent whose WhatsApp is managed or tested. */
export function AgentSelect({ id, agents, value, onChange }: AgentSelectProps) {
  const { t } = useTranslation('whatsapp');
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{t('picker.label')}</Label>
      <Select
        value={value === undefined ? '' : String(value)}
        onValueChange={(v) => onChange(Number(v))}
      >
        <SelectTrigger id={id} data-testid="whatsapp-agent-select">
          <SelectValue placeholder={t('picker.placeholder')} />
        </SelectTrigger>
        <SelectContent>
          {agents.map((agent) => (
            <SelectItem key={agent.id} value={String(agent.id)}>
              {agent.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
