import type { AnalyticsOverview } from '@common/schemas/analytics';
import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '@/components/ui/card';
import {
  formatBrl,
  formatDuration,
  formatNumber,
  formatShare,
} from '@/features/analytics/lib/format';

/** The period in figures: conversations, messages, who resolved them, response time, cost. */
export function SummaryFigures({ overview }: { overview: AnalyticsOverview }) {
  const { t, i18n } = useTranslation('analytics');
  const lang = i18n.language;
  const none = t('figures.none');
  const figures = [
    { id: 'conversations', value: formatNumber(overview.conversations, lang) },
    { id: 'messagesIn', value: formatNumber(overview.messagesIn, lang) },
    { id: 'messagesOut', value: formatNumber(overview.messagesOut, lang) },
    {
      id: 'resolved',
      value: formatShare(overview.resolvedByAgent, overview.conversations, lang) ?? none,
      detail: t('figures.ofConversations', { count: overview.resolvedByAgent }),
    },
    {
      id: 'handedOff',
      value: formatShare(overview.handedOff, overview.conversations, lang) ?? none,
      detail: t('figures.ofConversations', { count: overview.handedOff }),
    },
    {
      id: 'firstResponse',
      value: formatDuration(overview.firstResponseMs.p50, lang) ?? none,
      detail: t('figures.p90', {
        value: formatDuration(overview.firstResponseMs.p90, lang) ?? none,
      }),
    },
    { id: 'cost', value: formatBrl(overview.costBrl, lang) },
  ] as const;
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-7">
      {figures.map((figure) => (
        <Card key={figure.id} data-testid={`figure-${figure.id}`}>
          <CardContent className="grid gap-1 p-4">
            <p className="text-xs text-muted-foreground">{t(`figures.${figure.id}`)}</p>
            <p className="text-xl font-semibold text-brand-navy tabular-nums">{figure.value}</p>
            {'detail' in figure ? (
              <p className="text-xs text-muted-foreground">{figure.detail}</p>
            ) : null}
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
