import { Bot } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { AgentSelect } from '@/features/whatsapp/components/agent-select';
import { SectionEmpty } from '@/features/whatsapp/components/section-empty';
import { TestButtons } from '@/features/whatsapp/components/test-buttons';
import { TestLog } from '@/features/whatsapp/components/test-log';
import { useTestLog } from '@/features/whatsapp/hooks/use-test-log';
import { DEFAULT_TEST_PHONE, TEST_PHONE_MAX } from '@/features/whatsapp/lib/test-envelopes';
import { useAgentsQuery } from '@/lib/agents/get-agents';

/** Section "whatsapp-test": instance, webhook and full-sequence tests with a log. */
export function WhatsappTestSection() {
  const { t } = useTranslation('whatsapp');
  const ids = { agent: useId(), phone: useId(), message: useId() };
  const agents = useAgentsQuery();
  const [agentId, setAgentId] = useState<number | undefined>();
  const [phone, setPhone] = useState(DEFAULT_TEST_PHONE);
  const [message, setMessage] = useState(() => t('test.defaultMessage'));
  const log = useTestLog();

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
  return (
    <div className="grid gap-6 lg:grid-cols-2" data-testid="whatsapp-test-section">
      <Card>
        <CardHeader>
          <CardTitle>{t('test.title')}</CardTitle>
          <CardDescription>{t('test.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <AgentSelect id={ids.agent} agents={agents.data} value={agentId} onChange={setAgentId} />
          <div className="grid gap-2">
            <Label htmlFor={ids.phone}>{t('test.phone')}</Label>
            <Input
              id={ids.phone}
              inputMode="numeric"
              maxLength={TEST_PHONE_MAX}
              value={phone}
              onChange={(event) => setPhone(event.target.value.replace(/\D/g, ''))}
            />
            <p className="text-xs text-muted-foreground">{t('test.phoneHint')}</p>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.message}>{t('test.message')}</Label>
            <Textarea
              id={ids.message}
              rows={3}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
            />
          </div>
          <TestButtons agentId={agentId} phone={phone} message={message} run={log.run} />
        </CardContent>
      </Card>
      <TestLog entries={log.entries} onClear={log.clear} />
    </div>
  );
}
