import { useTranslation } from 'react-i18next';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useWebhookDefaultsQuery } from '@/features/evolution-instances/api/get-webhook-defaults';
import { InstancesTab } from '@/features/evolution-instances/components/instances-tab';
import { MonitoringTab } from '@/features/evolution-instances/components/monitoring-tab';
import { WebhooksTab } from '@/features/evolution-instances/components/webhooks-tab';

/** Section "evolution" (in English in every interface language): Instances, Webhooks, Monitoring. */
export function EvolutionInstancesSection() {
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
