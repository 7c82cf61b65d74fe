import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useEvolutionInstancesQuery } from '@/features/evolution-instances/api/get-evolution-instances';
import { LastActivity } from '@/features/evolution-instances/components/last-activity';
import { RegistryStatusBadge } from '@/features/evolution-instances/components/registry-status-badge';
import { countByStatus } from '@/features/evolution-instances/lib/display';

/** How many of the latest activities the Monitoring tab lists. */
const RECENT_LIMIT = 5;

/** Monitoring tab: counts per status and the 5 most recent activities. */
export function MonitoringTab() {
  const { t } = useTranslation('evolution');
  const instances = useEvolutionInstancesQuery();
  if (instances.isPending) return <Skeleton className="h-48" />;
  if (instances.isError) {
    return <ErrorAlert title={t('instances.loadError')} message={instances.error.message} />;
  }
  const counts = countByStatus(instances.data.map((instance) => instance.status));
  const recent = instances.data
    .filter((instance) => instance.lastActivity)
    .sort((a, b) => (b.lastActivity ?? '').localeCompare(a.lastActivity ?? ''))
    .slice(0, RECENT_LIMIT);
  const tiles = [
    ['connected', counts.connected],
    ['active', counts.active],
    ['testing', counts.testing],
    ['total', counts.total],
  ] as const;
  return (
    <div className="grid gap-6">
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {tiles.map(([key, value]) => (
          <Card key={key} data-testid={`monitoring-${key}`}>
            <CardHeader className="pb-2">
              <CardTitle className="text-sm font-medium text-muted-foreground">
                {t(`monitoring.${key}`)}
              </CardTitle>
            </CardHeader>
            <CardContent className="text-3xl font-bold text-brand-navy">{value}</CardContent>
          </Card>
        ))}
      </div>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">{t('monitoring.recent')}</CardTitle>
        </CardHeader>
        <CardContent>
          {recent.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('monitoring.noActivity')}</p>
          ) : (
            <ul className="grid gap-2">
              {recent.map((instance) => (
                <li
                  key={instance.id}
                  className="flex flex-wrap items-center justify-between gap-2 text-sm"
                >
                  <span className="font-medium">{instance.name}</span>
                  <span className="flex items-center gap-2 text-muted-foreground">
                    <RegistryStatusBadge status={instance.status} />
                    <LastActivity at={instance.lastActivity} />
                  </span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
