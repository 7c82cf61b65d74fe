import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AgentsGate } from '@/components/agents-gate';
import { chosenAgent } from '@/lib/agents/get-agents';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { WhatsappAgentSelect } from './whatsapp-agent-select';
import { TestButtons } from '@/features/whatsapp/components/test-buttons';
import { TestLog } from '@/features/whatsapp/components/test-log';
import { useTestLog } from '@/features/whatsapp/hooks/use-test-log';
import { usePickerTexts } from '@/features/whatsapp/lib/picker-texts';
import { DEFAULT_TEST_PHONE, TEST_PHONE_MAX } from '@/features/whatsapp/lib/test-envelopes';

/** Section "whatsapp-test": instance, webhook and full-sequence tests with a log. */
export function WhatsappTestSection() {
  const { t } = useTranslation('whatsapp');
  const ids = { agent: useId(), phone: useId(), message: useId() };
  const [agentId, setAgentId] = useState<number | undefined>();
  const [phone, setPhone] = useState(DEFAULT_TEST_PHONE);
  const [message, setMessage] = useState(() => t('test.defaultMessage'));
  const log = useTestLog();
  const pickerTexts = usePickerTexts();

  return (
    <AgentsGate texts={pickerTexts}>
      {(agents) => (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2" data-testid="whatsapp-test-section">
          <Card>
            <CardHeader>
              <CardTitle>{t('test.title')}</CardTitle>
              <CardDescription>{t('test.description')}</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              <WhatsappAgentSelect
                id={ids.agent}
                agents={agents}
                value={chosenAgent(agents, agentId)?.id}
                onChange={setAgentId}
              />
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
              <TestButtons
                agentId={chosenAgent(agents, agentId)?.id}
                phone={phone}
                message={message}
                run={log.run}
              />
            </CardContent>
          </Card>
          <TestLog entries={log.entries} onClear={log.clear} />
        </div>
      )}
    </AgentsGate>
  );
}
