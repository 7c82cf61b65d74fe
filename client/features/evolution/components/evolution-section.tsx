import { useTranslation } from 'react-i18next';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useWebhookDefaultsQuery } from '@/features/evolution/api/get-webhook-defaults';
import { InstancesTab } from '@/features/evolution/components/instances-tab';
import { MonitoringTab } from '@/features/evolution/components/monitoring-tab';
import { WebhooksTab } from '@/features/evolution/components/webhooks-tab';

/** Section "evolution" (SPEC.md §2, English): Instances, Webhooks, Monitoring. */
export function EvolutionSection() {
  const { t } = useTranslation('evolution');
  // The create dialog starts from the saved webhook defaults: read them before it opens.
  useWebhookDefaultsQuery();
  return (
    <Tabs defaultValue="instances" data-testid="evolution-section">
      <TabsList aria-label={t('tabs.label')}>
        <TabsTrigger value="instances">{t('tabs.instances')}</TabsTrigger>
        <TabsTrigger value="webhooks">{t('tabs.webhooks')}</TabsTrigger>
        <TabsTrigger value="monitoring">{t('tabs.monitoring')}</TabsTrigger>
      </TabsList>
      <TabsContent value="instances">
        <InstancesTab />
      </TabsContent>
      <TabsContent value="webhooks">
        <WebhooksTab />
      </TabsContent>
      <TabsContent value="monitoring">
        <MonitoringTab />
      </TabsContent>
    </Tabs>
  );
}
