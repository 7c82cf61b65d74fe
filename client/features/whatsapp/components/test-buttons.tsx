import type { WhatsappInstanceView } from '@common/schemas/whatsapp';
import { useQueryClient } from '@tanstack/react-query';
import { ListChecks, Send, Stethoscope } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { getWhatsappInstance } from '@/features/whatsapp/api/get-whatsapp-instance';
import { pollWhatsappStatus } from '@/features/whatsapp/api/refresh-whatsapp-status';
import { sendTestWebhook } from '@/features/whatsapp/api/send-test-webhook';
import type { useTestLog } from '@/features/whatsapp/hooks/use-test-log';
import { runSequence } from '@/features/whatsapp/lib/run-sequence';
import { testConnectionEvent, testMessageEvent } from '@/features/whatsapp/lib/test-envelopes';
import { toast } from '@/hooks/use-toast';

interface TestButtonsProps {
  agentId: number | undefined;
  phone: string;
  message: string;
  run: ReturnType<typeof useTestLog>['run'];
}

/** The three tests; all disabled while no agent is chosen. */
export function TestButtons({ agentId, phone, message, run }: TestButtonsProps) {
  const { t } = useTranslation('whatsapp');
  const queryClient = useQueryClient();
  const [running, setRunning] = useState(false);

  /** The agent's instance, or a 'Instância não encontrada' toast when it has none. */
  const instanceOf = async (id: number): Promise<WhatsappInstanceView | null> => {
    const view = await getWhatsappInstance(id);
    if (view.hasInstance && view.instanceName) return view;
    toast({
      variant: 'destructive',
      title: t('test.noInstance'),
      description: t('test.noInstanceDescription'),
    });
    return null;
  };

  const guard = (task: (id: number, instance: string) => Promise<void>) => async () => {
    if (agentId === undefined || running) return;
    setRunning(true);
    try {
      const view = await instanceOf(agentId);
      if (view?.instanceName) await task(agentId, view.instanceName);
    } catch {
      // Each step already logged its error.
    } finally {
      setRunning(false);
    }
  };

  const statusStep = (id: number) => run('instance', () => pollWhatsappStatus(queryClient, id));
  const messageStep = (instance: string) =>
    run('webhookMessage', () => sendTestWebhook(testMessageEvent(instance, phone, message)));

  const onInstance = guard(async (id) => {
    await statusStep(id);
  });
  const onWebhook = guard(async (_id, instance) => {
    await messageStep(instance);
  });
  const onSequence = guard((id, instance) =>
    runSequence({
      status: () => statusStep(id),
      message: () => messageStep(instance),
      connection: () =>
        run('webhookConnection', () => sendTestWebhook(testConnectionEvent(instance, 'open'))),
    }),
  );

  const disabled = agentId === undefined || running;
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="button" variant="outline" disabled={disabled} onClick={() => void onInstance()}>
        <Stethoscope aria-hidden="true" />
        {t('test.instanceTest')}
      </Button>
      <Button
        type="button"
        variant="outline"
        disabled={disabled || message.trim() === ''}
        onClick={() => void onWebhook()}
      >
        <Send aria-hidden="true" />
        {t('test.webhookTest')}
      </Button>
      <Button
        type="button"
        disabled={disabled || message.trim() === ''}
        onClick={() => void onSequence()}
      >
        <ListChecks aria-hidden="true" />
        {t('test.sequenceTest')}
      </Button>
    </div>
  );
}
