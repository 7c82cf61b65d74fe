import { BarChart3 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useWhatsappStatsQuery } from '@/features/whatsapp/api/get-whatsapp-stats';
import { formatDuration, formatUptime } from '@/features/whatsapp/lib/format';

/** Today's real figures (stored messages and events), not simulated ones. */
export function StatsCard({ agentId }: { agentId: number }) {
  const { t, i18n } = useTranslation('whatsapp');
  const stats = useWhatsappStatsQuery(agentId);
  const data = stats.data;
  const figures: { key: string; label: string; value: string }[] = data
    ? [
        { key: 'in', label: t('stats.messagesIn'), value: String(data.messagesInToday) },
        { key: 'out', label: t('stats.messagesOut'), value: String(data.messagesOutToday) },
        {
          key: 'reply',
          label: t('stats.avgReply'),
          value: data.avgReplyMs === null ? '—' : formatDuration(data.avgReplyMs, i18n.language),
        },
        { key: 'contacts', label: t('stats.contacts'), value: String(data.contactsToday) },
        { key: 'failed', label: t('stats.failed'), value: String(data.failedToday) },
        {
          key: 'events',
          label: t('stats.connectionEvents'),
          value: String(data.connectionEventsToday),
        },
        {
          key: 'uptime',
          label: t('stats.uptime'),
          value: data.connectedSince ? formatUptime(data.connectedSince) : t('stats.notConnected'),
        },
      ]
    : [];
  return (
    <Card data-testid="whatsapp-stats">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <BarChart3 aria-hidden="true" className="size-5" />
          {t('stats.title')}
        </CardTitle>
        <CardDescription>{t('stats.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {stats.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : stats.isError ? (
          <p className="text-sm text-destructive">{t('stats.loadError')}</p>
        ) : (
          <dl className="grid grid-cols-2 gap-3 text-sm">
            {figures.map((figure) => (
              <div key={figure.key} className="rounded-lg bg-muted/60 p-3" data-figure={figure.key}>
                <dt className="text-muted-foreground">{figure.label}</dt>
                <dd className="mt-1 text-lg font-semibold text-brand-navy">{figure.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
