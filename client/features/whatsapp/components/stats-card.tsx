import type { WhatsappInstanceView } from '@common/schemas/whatsapp';
import { BarChart3 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useWhatsappStatsQuery } from '@/features/whatsapp/api/get-whatsapp-stats';
import { formatDuration, formatUptime } from '@/features/whatsapp/lib/format';
import { isConnected } from '@/features/whatsapp/lib/status';

/**
 * Today's real figures (stored messages and events), not simulated ones. The time connected
 * comes from the status itself; figures read before the last change of state (their
 * `connectedSince` is not the status' `connectedAt`) show as being refreshed rather than
 * contradict the badge while the new read is on its way.
 */
export function StatsCard({ agentId, view }: { agentId: number; view: WhatsappInstanceView }) {
  const { t, i18n } = useTranslation('whatsapp');
  const stats = useWhatsappStatsQuery(agentId);
  const data = stats.data;
  const inStep = data?.connectedSince === view.connectedAt;
  const figures: { key: string; label: string; value: string; refreshing?: boolean }[] = data
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
          value: inStep ? String(data.connectionEventsToday) : '…',
          refreshing: !inStep,
        },
        {
          key: 'uptime',
          label: t('stats.uptime'),
          value: view.connectedAt
            ? formatUptime(view.connectedAt)
            : isConnected(view.status)
              ? '—'
              : t('stats.notConnected'),
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
              <div
                key={figure.key}
                className="rounded-lg bg-muted/60 p-3"
                data-figure={figure.key}
                aria-busy={figure.refreshing ? true : undefined}
              >
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
