import { ChartColumn } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { ErrorAlert } from '@/components/error-alert';
import { SectionShapes } from '@/components/skeletons/section-skeleton';
import { useAnalyticsOverviewQuery } from '@/features/analytics/api/get-analytics-overview';
import { useOwnerTimeZoneQuery } from '@/lib/owner-time-zone';
import { formatDay } from '@/features/analytics/lib/format';
import { lastDays, type DayRange } from '@/features/analytics/lib/period';
import { errorMessage } from '@/lib/form-errors';
import { useZoneName } from '@/lib/time-zones';
import { AnalyticsFilters, type ReportFilters } from './analytics-filters';
import { OverviewCharts } from './overview-charts';
import { SummaryFigures } from './summary-figures';
import { UsageCard } from './usage-card';

interface AnalyticsSectionProps {
  /** 'Perguntas sem resposta', composed by the app from its own feature; shown when given */
  unanswered?: ReactNode;
}

function rangeOf(filters: ReportFilters, timeZone: string): DayRange | null {
  if (filters.period !== 'custom') return lastDays(filters.period, timeZone);
  return filters.from && filters.to ? { from: filters.from, to: filters.to } : null;
}

/** Section "analytics" ('Relatórios'): the period's figures and charts, cost and usage. */
export function AnalyticsSection({ unanswered }: AnalyticsSectionProps) {
  const { t, i18n } = useTranslation('analytics');
  const timeZone = useOwnerTimeZoneQuery();
  const [filters, setFilters] = useState<ReportFilters>({ period: 7, from: '', to: '' });
  const range = timeZone.data ? rangeOf(filters, timeZone.data) : null;
  const overview = useAnalyticsOverviewQuery(
    range ? { ...range, agentId: filters.agentId, channel: filters.channel } : null,
  );

  const change = (next: ReportFilters) => {
    // The custom range starts as the period on screen, to be adjusted.
    if (next.period === 'custom' && !next.from && !next.to && range) {
      setFilters({ ...next, ...range });
    } else {
      setFilters(next);
    }
  };

  const data = overview.data;
  const zoneName = useZoneName(data?.timezone);
  return (
    <div className="grid gap-6">
      <AnalyticsFilters filters={filters} onChange={change} />
      {data ? (
        <p className="text-sm text-muted-foreground" data-testid="analytics-period">
          {t('period', {
            from: formatDay(data.from, i18n.language),
            to: formatDay(data.to, i18n.language),
            zone: zoneName,
          })}
        </p>
      ) : null}
      {timeZone.isError || overview.isError ? (
        <ErrorAlert message={errorMessage(overview.error ?? timeZone.error, t('loadError'))} />
      ) : !range && filters.period === 'custom' ? (
        <p className="text-sm text-muted-foreground">{t('filters.pickDates')}</p>
      ) : !data ? (
        <SectionShapes />
      ) : data.conversations === 0 && data.messagesIn === 0 ? (
        <EmptyState icon={<ChartColumn className="size-6" />} title={t('empty.title')}>
          {t('empty.description')}
        </EmptyState>
      ) : (
        <div
          className="grid gap-6"
          aria-busy={overview.isPlaceholderData}
          data-testid="analytics-overview"
        >
          <SummaryFigures overview={data} />
          <OverviewCharts overview={data} />
        </div>
      )}
      <UsageCard />
      {unanswered ? (
        <section aria-labelledby="unanswered-title" className="grid gap-3">
          <h2 id="unanswered-title" className="text-lg font-semibold text-brand-navy">
            {t('unansweredTitle')}
          </h2>
          {unanswered}
        </section>
      ) : null}
    </div>
  );
}
