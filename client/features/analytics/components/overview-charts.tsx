import type { AnalyticsOverview } from '@common/schemas/analytics';
import { useTranslation } from 'react-i18next';
import { formatDay, formatDuration } from '@/features/analytics/lib/format';
import { ChartCard } from './chart-card';
import { HourlyHeatmap } from './hourly-heatmap';
import { LazyChart } from './lazy-chart';

const seconds = (ms: number | null) => (ms === null ? null : Math.round(ms / 100) / 10);
const reais = (value: number) => Math.round(value * 10_000) / 10_000;

/** The overview's charts, each with its table and CSV. */
export function OverviewCharts({ overview }: { overview: AnalyticsOverview }) {
  const { t, i18n } = useTranslation('analytics');
  const lang = i18n.language;
  const days = overview.daily;
  const labels = days.map((d) => formatDay(d.date, lang));
  const total = (key: 'conversations' | 'messagesIn' | 'messagesOut') =>
    days.reduce((sum, d) => sum + d[key], 0);
  const busiest = days.reduce(
    (best, d) => (d.conversations > (best?.conversations ?? 0) ? d : best),
    days[0],
  );
  const channelName = (channel: string) => t(`channels.${channel as 'whatsapp' | 'webchat'}`);

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ChartCard
        id="conversations-per-day"
        title={t('charts.conversations')}
        table={{
          columns: [t('columns.date'), t('columns.conversations')],
          rows: days.map((d) => [d.date, d.conversations]),
        }}
      >
        <LazyChart
          type="bar"
          labels={labels}
          series={[{ label: t('columns.conversations'), data: days.map((d) => d.conversations) }]}
          summary={t('summaries.conversations', {
            total: total('conversations'),
            days: days.length,
            max: busiest?.conversations ?? 0,
            day: busiest ? formatDay(busiest.date, lang) : '',
          })}
        />
      </ChartCard>

      <ChartCard
        id="messages-per-day"
        title={t('charts.messages')}
        table={{
          columns: [t('columns.date'), t('columns.received'), t('columns.sent')],
          rows: days.map((d) => [d.date, d.messagesIn, d.messagesOut]),
        }}
      >
        <LazyChart
          type="line"
          labels={labels}
          series={[
            { label: t('columns.received'), data: days.map((d) => d.messagesIn) },
            { label: t('columns.sent'), data: days.map((d) => d.messagesOut) },
          ]}
          summary={t('summaries.messages', {
            received: total('messagesIn'),
            sent: total('messagesOut'),
            days: days.length,
          })}
        />
      </ChartCard>

      <ChartCard
        id="resolution"
        title={t('charts.resolution')}
        table={{
          columns: [t('columns.outcome'), t('columns.conversations')],
          rows: [
            [t('outcomes.resolved'), overview.resolvedByAgent],
            [t('outcomes.handedOff'), overview.handedOff],
          ],
        }}
      >
        <LazyChart
          type="doughnut"
          labels={[t('outcomes.resolved'), t('outcomes.handedOff')]}
          series={[
            {
              label: t('columns.conversations'),
              data: [overview.resolvedByAgent, overview.handedOff],
            },
          ]}
          summary={t('summaries.resolution', {
            resolved: overview.resolvedByAgent,
            handedOff: overview.handedOff,
          })}
        />
      </ChartCard>

      <ChartCard
        id="first-response"
        title={t('charts.firstResponse')}
        table={{
          columns: [t('columns.date'), t('columns.p50Seconds'), t('columns.p90Seconds')],
          rows: days.map((d) => [
            d.date,
            seconds(d.firstResponseMs.p50),
            seconds(d.firstResponseMs.p90),
          ]),
        }}
      >
        <LazyChart
          type="line"
          labels={labels}
          series={[
            {
              label: t('columns.p50Seconds'),
              data: days.map((d) => seconds(d.firstResponseMs.p50)),
            },
            {
              label: t('columns.p90Seconds'),
              data: days.map((d) => seconds(d.firstResponseMs.p90)),
            },
          ]}
          summary={t('summaries.firstResponse', {
            p50: formatDuration(overview.firstResponseMs.p50, lang) ?? t('figures.none'),
            p90: formatDuration(overview.firstResponseMs.p90, lang) ?? t('figures.none'),
          })}
        />
      </ChartCard>

      <ChartCard
        id="busiest-hours"
        title={t('charts.hours')}
        className="lg:col-span-2"
        visualIsTable
        table={{
          columns: [t('columns.weekday'), ...Array.from({ length: 24 }, (_, h) => `${h}h`)],
          rows: overview.hourly.map((hours, day) => [
            t(`weekdays.${day}` as 'weekdays.0'),
            ...hours,
          ]),
        }}
      >
        <HourlyHeatmap hourly={overview.hourly} />
      </ChartCard>

      <ChartCard
        id="per-channel"
        title={t('charts.channels')}
        table={{
          columns: [
            t('columns.channel'),
            t('columns.conversations'),
            t('columns.received'),
            t('columns.sent'),
            t('columns.costBrl'),
          ],
          rows: overview.byChannel.map((c) => [
            channelName(c.channel),
            c.conversations,
            c.messagesIn,
            c.messagesOut,
            reais(c.costBrl),
          ]),
        }}
      >
        <LazyChart
          type="bar"
          labels={overview.byChannel.map((c) => channelName(c.channel))}
          series={[
            {
              label: t('columns.conversations'),
              data: overview.byChannel.map((c) => c.conversations),
            },
          ]}
          summary={t('summaries.breakdown', {
            list: overview.byChannel
              .map((c) => `${channelName(c.channel)}: ${c.conversations}`)
              .join('; '),
          })}
        />
      </ChartCard>

      <ChartCard
        id="per-agent"
        title={t('charts.agents')}
        table={{
          columns: [
            t('columns.agent'),
            t('columns.conversations'),
            t('columns.received'),
            t('columns.sent'),
            t('columns.costBrl'),
          ],
          rows: overview.byAgent.map((a) => [
            a.name,
            a.conversations,
            a.messagesIn,
            a.messagesOut,
            reais(a.costBrl),
          ]),
        }}
      >
        <LazyChart
          type="bar"
          labels={overview.byAgent.map((a) => a.name)}
          series={[
            {
              label: t('columns.conversations'),
              data: overview.byAgent.map((a) => a.conversations),
            },
          ]}
          summary={t('summaries.breakdown', {
            list: overview.byAgent.map((a) => `${a.name}: ${a.conversations}`).join('; '),
          })}
        />
      </ChartCard>
    </div>
  );
}
