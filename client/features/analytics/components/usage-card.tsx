import { isPlanId } from '@common/plans';
import { Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAnalyticsUsageQuery } from '@/features/analytics/api/get-analytics-usage';
import { formatBrl, formatDay, formatNumber } from '@/features/analytics/lib/format';
import { ChartCard } from './chart-card';
import { LazyChart } from './lazy-chart';

const reais = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * This month's plan usage and cost: agents of the limit, messages, the cost so far and its
 * projection, per day and per agent, and the price table it is counted at.
 */
export function UsageCard() {
  const { t, i18n } = useTranslation('analytics');
  const { t: tu } = useTranslation('ui');
  const lang = i18n.language;
  const usage = useAnalyticsUsageQuery();
  if (usage.isPending) return <Skeleton className="h-64 w-full" />;
  if (usage.isError) {
    return <p className="text-sm text-destructive">{t('usage.loadError')}</p>;
  }
  const u = usage.data;
  const unlimited = t('usage.unlimited');
  const figures = [
    {
      id: 'agents',
      value: t('usage.ofLimit', {
        used: formatNumber(u.agents.used, lang),
        limit: u.agents.limit === null ? unlimited : formatNumber(u.agents.limit, lang),
      }),
    },
    {
      id: 'messages',
      value:
        u.messages.limit === null
          ? formatNumber(u.messages.used, lang)
          : t('usage.ofLimit', {
              used: formatNumber(u.messages.used, lang),
              limit: formatNumber(u.messages.limit, lang),
            }),
    },
    { id: 'monthToDate', value: formatBrl(u.costBrl.monthToDate, lang) },
    { id: 'projected', value: formatBrl(u.costBrl.projected, lang) },
  ] as const;
  const agentName = (name: string | null) => name ?? t('usage.deletedAgent');
  return (
    <section aria-labelledby="usage-title" className="grid gap-4" data-testid="usage-card">
      <Card>
        <CardHeader>
          <CardTitle id="usage-title" className="flex items-center gap-2 text-base">
            <Wallet aria-hidden="true" className="size-5" />
            {t('usage.title')}
          </CardTitle>
          <CardDescription>
            {u.plan
              ? t('usage.description', {
                  // The plan's name in the reader's language (the server's is pt-BR).
                  plan: isPlanId(u.plan.id) ? tu(`plans.${u.plan.id}.name`) : u.plan.name,
                  month: u.month,
                })
              : t('usage.noPlan', { month: u.month })}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            {figures.map((figure) => (
              <div key={figure.id} data-testid={`usage-${figure.id}`} className="grid gap-1">
                <p className="text-xs text-muted-foreground">{t(`usage.${figure.id}`)}</p>
                <p className="text-lg font-semibold text-brand-navy tabular-nums">{figure.value}</p>
              </div>
            ))}
          </div>
          <p className="text-xs text-muted-foreground">
            {t('usage.tokens', {
              input: formatNumber(u.tokens.input, lang),
              output: formatNumber(u.tokens.output, lang),
            })}
          </p>
          <details className="text-sm">
            <summary className="cursor-pointer font-medium">{t('usage.pricesToggle')}</summary>
            <p className="mt-2 text-muted-foreground">
              {t('usage.pricesNote', { rate: formatBrl(u.exchangeRate, lang) })}
            </p>
            <div className="relative mt-2 overflow-x-auto">
              <table className="w-full text-sm">
                <caption className="sr-only">{t('usage.pricesToggle')}</caption>
                <thead>
                  <tr className="border-b text-left">
                    <th scope="col" className="px-2 py-1 font-medium">
                      {t('usage.model')}
                    </th>
                    <th scope="col" className="px-2 py-1 font-medium">
                      {t('usage.inputPrice')}
                    </th>
                    <th scope="col" className="px-2 py-1 font-medium">
                      {t('usage.outputPrice')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {u.prices.map((price) => (
                    <tr key={price.model} className="border-b last:border-0">
                      <th scope="row" className="px-2 py-1 text-left font-normal">
                        {price.model}
                      </th>
                      <td className="px-2 py-1 tabular-nums">
                        {formatNumber(price.inputUsdPerMillion, lang)}
                      </td>
                      <td className="px-2 py-1 tabular-nums">
                        {formatNumber(price.outputUsdPerMillion, lang)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </CardContent>
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <ChartCard
          id="cost-per-day"
          title={t('usage.perDay')}
          table={{
            columns: [t('columns.date'), t('columns.costBrl')],
            rows: u.daily.map((d) => [d.date, reais(d.costBrl)]),
          }}
        >
          {u.byAgent.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('usage.noCalls')}</p>
          ) : (
            <LazyChart
              type="bar"
              labels={u.daily.map((d) => formatDay(d.date, lang))}
              series={[{ label: t('columns.costBrl'), data: u.daily.map((d) => reais(d.costBrl)) }]}
              summary={t('summaries.cost', { total: formatBrl(u.costBrl.monthToDate, lang) })}
            />
          )}
        </ChartCard>
        <ChartCard
          id="cost-per-agent"
          title={t('usage.perAgent')}
          visualIsTable
          table={{
            columns: [t('columns.agent'), t('columns.calls'), t('columns.costBrl')],
            rows: u.byAgent.map((a) => [agentName(a.name), a.calls, reais(a.costBrl)]),
          }}
        >
          {u.byAgent.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('usage.noCalls')}</p>
          ) : (
            <table className="w-full text-sm">
              <caption className="sr-only">{t('usage.perAgent')}</caption>
              <thead>
                <tr className="border-b text-left">
                  <th scope="col" className="px-2 py-1 font-medium">
                    {t('columns.agent')}
                  </th>
                  <th scope="col" className="px-2 py-1 font-medium">
                    {t('columns.calls')}
                  </th>
                  <th scope="col" className="px-2 py-1 font-medium">
                    {t('columns.cost')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {u.byAgent.map((a) => (
                  <tr key={a.agentId ?? 'deleted'} className="border-b last:border-0">
                    <th scope="row" className="px-2 py-1 text-left font-normal">
                      {agentName(a.name)}
                    </th>
                    <td className="px-2 py-1 tabular-nums">{formatNumber(a.calls, lang)}</td>
                    <td className="px-2 py-1 tabular-nums">{formatBrl(a.costBrl, lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </ChartCard>
      </div>
    </section>
  );
}
