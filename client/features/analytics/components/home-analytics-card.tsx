import { ChartColumn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAnalyticsOverviewQuery } from '@/features/analytics/api/get-analytics-overview';
import { useOwnerTimeZoneQuery } from '@/lib/owner-time-zone';
import { formatDay, formatShare } from '@/features/analytics/lib/format';
import { lastDays } from '@/features/analytics/lib/period';
import { LazyChart } from './lazy-chart';

/**
 * The dashboard home's card: the last 7 days' conversations per day and the share the agent
 * resolved. Its chart (and chart.js) loads after the home has rendered.
 */
export function HomeAnalyticsCard({ onViewReports }: { onViewReports: () => void }) {
  const { t, i18n } = useTranslation('analytics');
  const lang = i18n.language;
  const timeZone = useOwnerTimeZoneQuery();
  const overview = useAnalyticsOverviewQuery(timeZone.data ? lastDays(7, timeZone.data) : null);
  const data = overview.data;
  const share = data ? formatShare(data.resolvedByAgent, data.conversations, lang) : null;
  return (
    <Card data-testid="home-analytics-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <ChartColumn aria-hidden="true" className="size-5" />
          {t('home.title')}
        </CardTitle>
        <CardDescription>{t('home.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {overview.isError || timeZone.isError ? (
          <p className="text-sm text-destructive">{t('loadError')}</p>
        ) : !data ? (
          <Skeleton className="h-32 w-full" />
        ) : data.conversations === 0 ? (
          <p className="text-sm text-muted-foreground">{t('home.empty')}</p>
        ) : (
          <>
            <p className="text-sm" data-testid="home-analytics-summary">
              {t('home.summary', { count: data.conversations })}{' '}
              {share ? t('home.resolved', { share }) : null}
            </p>
            <LazyChart
              type="bar"
              height={140}
              labels={data.daily.map((d) => formatDay(d.date, lang))}
              series={[
                {
                  label: t('columns.conversations'),
                  data: data.daily.map((d) => d.conversations),
                },
              ]}
              summary={t('summaries.week', {
                list: data.daily
                  .map((d) => `${formatDay(d.date, lang)}: ${d.conversations}`)
                  .join('; '),
              })}
            />
          </>
        )}
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          onClick={onViewReports}
        >
          {t('home.viewReports')}
        </Button>
      </CardContent>
    </Card>
  );
}
