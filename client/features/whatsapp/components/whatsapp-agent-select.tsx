import type { Agent } from '@common/schemas/agent';
import { useTranslation } from 'react-i18next';
import { AgentSelect } from '@/components/agent-select';

/** The agent whose WhatsApp is managed or tested. */
export function WhatsappAgentSelect(props: {
  id: string;
  agents: Agent[];
  value: number | undefined;
  onChange: (id: number) => void;
}) {
  const { t } = useTranslation('whatsapp');
  return (
    <AgentSelect
      {...props}
      label={t('picker.label')}
      placeholder={t('picker.placeholder')}
      testId="whatsapp-agent-select"
    />
  );
}
