import type { Agent } from '@common/schemas/agent';
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
  /** the field's label and placeholder, in the caller's words */
  label: string;
  placeholder: string;
  testId?: string;
}

/** A labelled choice of one of the owner's agents (the sections that work on one agent). */
export function AgentSelect(props: AgentSelectProps) {
  const { id, agents, value, onChange, label, placeholder, testId } = props;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select
        value={value === undefined ? '' : String(value)}
        onValueChange={(v) => onChange(Number(v))}
      >
        <SelectTrigger id={id} data-testid={testId}>
          <SelectValue placeholder={placeholder} />
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
